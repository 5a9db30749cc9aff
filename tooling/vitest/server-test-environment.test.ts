import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../strings/shared-words';

/**
 * Server code runs in Node, where a render that reads `window` or `document` throws. Its tests
 * must run there too: in jsdom (every browser package's default) such a render passes. They
 * are the page server's tests and every `*.server.test.*` (a slice's server render).
 */
function testsIn(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.posix.join(folder, file));
}

/** Puts a page together as the page server does, then hydrates it: a browser's test. */
const HYDRATES_IN_A_BROWSER = 'page-server/src/render/slot-seam.test.tsx';

const serverTests = [
  ...testsIn('page-server/src').filter((file) => file !== HYDRATES_IN_A_BROWSER),
  ...['host/src', 'remote-home/src', 'remote-account/src', 'remote-loans/src', 'shared/src']
    .flatMap(testsIn)
    .filter((file) => /\.server\.test\.tsx?$/.test(file)),
];

describe('the tests of server code', () => {
  it('exist where the server renders', () => {
    expect(serverTests).toContain('page-server/src/render/render-page.test.tsx');
    expect(serverTests).toContain(
      'remote-home/src/features/calculator/components/loan-calculator.server.test.tsx',
    );
  });

  it('run in Node’s environment, not jsdom', () => {
    const inJsdom = serverTests.filter(
      (file) =>
        !readFileSync(path.join(REPO_ROOT, file), 'utf8').startsWith('// @vitest-environment node'),
    );
    expect(inJsdom).toEqual([]);
  });
});
