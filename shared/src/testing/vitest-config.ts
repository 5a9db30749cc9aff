import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { FlakyReporter } from './flaky-reporter.ts';

/**
 * The setup file is test code of this package (msw, store resets, the console check), resolved
 * as the package under test sees it.
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

const TESTS = ['src/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}'];

/**
 * A test file that replaces modules (`vi.mock`, `vi.doMock`, `vi.resetModules`), renders with
 * React's own roots or its server renderer (which Testing Library's clean-up does not end), or
 * says it needs a page of its own (`// vitest: isolate`, with the reason) gets fresh modules and a
 * fresh jsdom, as vitest gives every file by default.
 */
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|resetModules)\(|\/\/ vitest: isolate\b|react-dom\/server|\b(hydrate|create)Root\(/;

/** React's own roots and server renderer, as a test's helper may run them for it. */
const RUNS_REACT_ITSELF = /react-dom\/server|\b(hydrate|create)Root\(/;

/** The text of the package's own modules a test file imports by a relative path. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.\.?\/[^']+)'/g)].flatMap(([, specifier = '']) => {
    const base = path.resolve(path.dirname(file), specifier);
    const found = ['', '.ts', '.tsx'].map((ext) => base + ext).find((name) => existsSync(name));
    return found && statSync(found).isFile() ? [readFileSync(found, 'utf8')] : [];
  });
}

/**
 * The package's test files that need isolation, relative to it (vitest runs in the package): by
 * their own text, or by a helper of theirs that runs React's roots (the host's
 * testing/server-rendered-slot hydrates one for the tests that import it).
 */
export function isolatedTestFiles(root = process.cwd()): string[] {
  return globSync(TESTS, { cwd: root })
    .filter((file) => {
      const full = path.join(root, file);
      return (
        NEEDS_ISOLATION.test(readFileSync(full, 'utf8')) ||
        relativeImports(full).some((helper) => RUNS_REACT_ITSELF.test(helper))
      );
    })
    .sort();
}

/**
 * The vitest setup every package uses: jsdom, globals, the shared msw + store-reset setup.
 *
 * The test files that do not need isolation share a worker's jsdom and modules, one file after
 * another: building a jsdom and importing Testing Library, msw and React again for each file was
 * most of the packages' test time (decision 039). The setup file's hooks clean the page, the
 * cookies, the stores, msw's handlers and the query cache after every test, so a file finds what
 * a fresh one would.
 */
export function createVitestConfig() {
  const isolated = isolatedTestFiles();
  return defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: [sharedSetupFile()],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      projects: [
        {
          extends: true as const,
          test: { name: 'together', include: TESTS, exclude: isolated, isolate: false },
        },
        ...(isolated.length > 0
          ? [{ extends: true as const, test: { name: 'isolated', include: isolated } }]
          : []),
      ],
      environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
      // Node 26 has a global localStorage of its own (undefined without --localstorage-file)
      // that hides jsdom's: the tests' page keeps jsdom's storage, as a browser's page has.
      execArgv: ['--no-experimental-webstorage'],
      // CI runs every package's tests at once on two cores; a form test that types into nine
      // fields can then take seconds. Timeouts catch hangs, not slowness (benchmarks do that).
      testTimeout: 20_000,
      hookTimeout: 20_000,
      ...ciRetry(),
    },
  });
}
