import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { FlakyReporter } from './flaky-reporter.ts';

/**
 * The setup file is test code of the `shared` package (msw, store resets, the console check),
 * resolved as the package under test sees it: tooling itself does not depend on `shared`.
 */
function sharedSetupFile(): string {
  return createRequire(path.join(process.cwd(), 'package.json')).resolve(
    'shared/testing/setup-tests',
  );
}

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
      setupFiles: [sharedSetupFile()],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}'],
      environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
      // CI runs every package's tests at once on two cores; a form test that types into nine
      // fields can then take seconds. Timeouts catch hangs, not slowness (benchmarks do that).
      testTimeout: 20_000,
      hookTimeout: 20_000,
      ...ciRetry(),
    },
  });
}
