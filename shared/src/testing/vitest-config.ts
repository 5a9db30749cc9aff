import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The vitest setup every package uses: jsdom, globals, the shared msw + store-reset setup. */
export function createVitestConfig() {
  return defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: [fileURLToPath(new URL('./setup-tests.ts', import.meta.url))],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
      environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    },
  });
}
