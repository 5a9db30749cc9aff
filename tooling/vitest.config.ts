import { defineConfig } from 'vitest/config';

// Tooling runs in Node: its tests need neither jsdom nor the browser packages' setup.
export default defineConfig({
  test: {
    environment: 'node',
    globals: true,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
  },
});
