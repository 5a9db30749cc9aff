// @vitest-environment node
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Compiler } from '@rspack/core';
import { PrecompressPlugin } from './precompress-plugin';

/** The plugin's after-emit step, run on `files` written to a folder as a build would. */
async function precompressBuild(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  let afterEmit: ((compilation: unknown) => Promise<void>) | undefined;
  const compiler = {
    outputPath: dir,
    hooks: {
      afterEmit: {
        tapPromise: (_name: string, run: (compilation: unknown) => Promise<void>) => {
          afterEmit = run;
        },
      },
    },
  };
  new PrecompressPlugin().apply(compiler as unknown as Compiler);
  await afterEmit?.({ outputOptions: { path: dir }, assets: files });
}

describe('PrecompressPlugin', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes no copy of what is never served: a server would send it for a name of its own (issue 45, row 14)', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const big = (text: string) => text.repeat(400);
    await precompressBuild(dir, {
      'main.0123abcd.js': big('export const a = 1;\n'),
      'mf-manifest.json': big('{"name":"remote_home"}'),
      'mf-stats.json': big('{"buildInfo":"src/x.ts"}'),
    });
    for (const name of ['main.0123abcd.js', 'mf-manifest.json']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(true);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(true);
    }
    expect(existsSync(path.join(dir, 'mf-stats.json.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'mf-stats.json.gz'))).toBe(false);
  });
});
