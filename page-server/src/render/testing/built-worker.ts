import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from 'tooling/bundle-server';
import { RENDER_BUNDLE } from './stand-in-render-bundle';

const packageRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The real render worker, bundled as the build bundles it, beside the stand-in render bundle, in
 * a folder of its own (the caller removes it): what a pool under test starts.
 */
export async function builtWorker(
  prefix: string,
): Promise<{ folder: string; worker: string; renderBundle: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  const worker = path.join(folder, 'render-worker.mjs');
  const renderBundle = path.join(folder, 'render-page.cjs');
  await bundleServer(
    path.join(packageRoot, 'src/render/render-worker.ts'),
    worker,
    packageRoot,
    true,
  );
  writeFileSync(renderBundle, RENDER_BUNDLE);
  return { folder, worker, renderBundle };
}
