import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * A test file that replaces modules (`vi.mock`, `vi.doMock`, `vi.resetModules`) gets fresh
 * modules, as vitest gives every file by default. The others share a worker's modules, one file
 * after another: importing the app again for each file was half of the PostgreSQL pass's CPU
 * (120 → 57 CPU-seconds). Each describe block builds its own app and empties every table before
 * each test (test/build.ts), so a file finds what a fresh one would.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules)\(/;
/**
 * The PostgreSQL pass (SANDBOX_TEST_DATABASE_URL): its files share one database, one file at a
 * time; the durability test kills a PGlite's process, which the pass has not.
 */
const onPostgres = Boolean(process.env.SANDBOX_TEST_DATABASE_URL);
const root = import.meta.dirname;
const isolated = globSync(TESTS, { cwd: root }).filter((file) =>
  REPLACES_MODULES.test(readFileSync(path.join(root, file), 'utf8')),
);

export default defineConfig({
  test: {
    environment: 'node',
    globals: true,
    globalSetup: ['test/pglite-template.ts'],
    // Each test file starts its own in-memory PGlite; two at a time fits two cores. The projects
    // below take this, not a command line's --maxWorkers.
    maxWorkers: onPostgres ? 1 : 2,
    exclude: onPostgres ? ['test/durability.test.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'together',
          include: TESTS,
          exclude: [...isolated, ...(onPostgres ? ['test/durability.test.ts'] : [])],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      // After the others, never beside them: the PostgreSQL pass's files share one database.
      {
        extends: true as const,
        test: { name: 'isolated', include: isolated, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
