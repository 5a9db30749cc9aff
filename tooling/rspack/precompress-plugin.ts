import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler } from '@rspack/core';
import { isPublished } from 'release-contract/build-output';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
/** Below this a compressed copy saves less than the header that announces it. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside `file` when they are smaller. Returns what it wrote. */
export async function precompressFile(file: string): Promise<string[]> {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const written: string[] = [];
  for (const [suffix, data] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (data.length >= body.length) continue;
    await writeFile(file + suffix, data);
    written.push(file + suffix);
  }
  return written;
}

/**
 * Compresses every emitted text asset once, at build time, at the highest levels: the static
 * servers (ours and nginx's gzip_static/brotli_static) then send the file that fits the
 * browser's Accept-Encoding with no work per request. Runs after emit so it also covers
 * files other plugins write late (the federation manifest, index.html).
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      // What is never served gets no copy a server could send for a name of its own (issue 45).
      const files = Object.keys(compilation.assets).filter(
        (name) => COMPRESSIBLE.test(name) && isPublished(name),
      );
      await Promise.all(files.map((name) => precompressFile(path.join(outputPath, name))));
    });
  }
}
