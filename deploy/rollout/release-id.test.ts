import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseId } from './release-id';

describe('releaseId', () => {
  let build = '';
  afterEach(() => rmSync(build, { recursive: true, force: true }));

  it('names a build by what it publishes: the same files, the same release; a source map is not published', () => {
    build = mkdtempSync(path.join(tmpdir(), 'release-'));
    writeFileSync(path.join(build, 'mf-manifest.json'), '{}');
    writeFileSync(path.join(build, 'main.0123abcd.js'), 'one');
    const first = releaseId(build);
    writeFileSync(path.join(build, 'main.0123abcd.js.map'), '{}');
    expect(releaseId(build)).toBe(first);
    writeFileSync(path.join(build, 'main.0123abcd.js'), 'two');
    expect(releaseId(build)).not.toBe(first);
  });
});
