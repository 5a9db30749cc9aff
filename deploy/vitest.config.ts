import { defineConfig } from 'vitest/config';

// Deployment code runs in Node: no jsdom, no browser setup.
export default defineConfig({
  test: {
    environment: 'node',
    globals: true,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
  },
});
