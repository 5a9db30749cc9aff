import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { FlakyReporter } from './flaky-reporter.ts';

/**
 * On CI a failed test runs once more in a clean page: a stalled worker on a shared two-core
 * machine must not sink a run, and a test that needed the retry is still named at the end.
 */
function ciRetry() {
  return process.env.CI ? { retry: 1, reporters: ['default', new FlakyReporter()] } : {};
}

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
      // CI runs every package's tests at once on two cores; a form test that types into nine
      // fields can then take seconds. Timeouts catch hangs, not slowness (benchmarks do that).
      testTimeout: 20_000,
      hookTimeout: 20_000,
      ...ciRetry(),
    },
  });
}
