import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../structure/import-layers';

/**
 * The host's server code runs in Node, where a render that reads `window` or `document` throws.
 * Its tests must run there too: in jsdom (every package's default) such a render passes.
 */
function serverTests(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(folder, file));
}

describe('the host server’s tests', () => {
  it('run in Node’s environment, not jsdom', () => {
    const inJsdom = serverTests('host/server').filter(
      (file) =>
        !readFileSync(path.join(REPO_ROOT, file), 'utf8').startsWith('// @vitest-environment node'),
    );
    expect(inJsdom).toEqual([]);
  });
});
