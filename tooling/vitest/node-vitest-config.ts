import { defineConfig } from 'vitest/config';

/**
 * The vitest setup of code that runs in Node only (tooling, deploy): no jsdom, none of the
 * browser packages' setup.
 */
export function createNodeVitestConfig() {
  return defineConfig({
    test: {
      environment: 'node',
      globals: true,
      include: ['**/*.test.ts'],
      exclude: ['node_modules/**'],
    },
  });
}
