/**
 * `pnpm --filter bench release-memory`: the host's server picks up 200 releases of a remote in
 * a row (decision 020) and its heap is measured after each 50, after a full collection. Each
 * release is remote-home's real server bundle under a new name, loaded the way the server
 * loads one (manifest read, bundle fetched, evaluated, its calculator module run) and rendered
 * with. Flat figures mean a replaced release is let go whole. Needs `pnpm build` first; run
 * with --expose-gc (the script does). It prints; it asserts nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RemoteReleases } from 'host/server/remote-releases';
import { WORKSPACE_ROOT } from './servers';

const RELEASES = 200;
const MANIFEST = 'http://remote.bench/mf-manifest.json';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (pnpm --filter bench release-memory)');

const renderBundle = createRequire(import.meta.url)(
  path.join(WORKSPACE_ROOT, 'host/dist-ssr/render-page.cjs'),
) as { sharedScope: Record<string, () => unknown> };
const ssrFolder = path.join(WORKSPACE_ROOT, 'remote-home/dist/ssr');
const bundleFile = readdirSync(ssrFolder).find((file) => file.endsWith('.cjs'));
if (!bundleFile) throw new Error('remote-home has no server bundle: pnpm build first');
const source = readFileSync(path.join(ssrFolder, bundleFile), 'utf8');

let release = 0;
const fetchRelease = (async (input: string | URL | Request) => {
  const url = String(input);
  if (url === MANIFEST) {
    return Response.json({
      metaData: { ssrRemoteEntry: { name: `remote-entry.${release}.cjs`, path: 'ssr' } },
      exposes: [{ name: 'LoanCalculator', assets: { css: { sync: [] } } }],
    });
  }
  // Each release's bundle is a new script: a new function, module graph and closures.
  return new Response(`${source}\n// release ${release}`);
}) as typeof fetch;

const releases = new RemoteReleases({
  sharedScope: renderBundle.sharedScope,
  revalidateMs: 0,
  fetch: fetchRelease,
});

const heapMb = () => {
  gc();
  return Math.round(process.memoryUsage().heapUsed / 104_857.6) / 10;
};

const figures: string[] = [`start ${heapMb()} MB`];
for (release = 1; release <= RELEASES; release += 1) {
  // A new release is taken up off the pages' path: the page after the reading gets it.
  await releases.settled();
  await releases.current({ name: 'remote_home', manifestUrl: MANIFEST });
  await releases.settled();
  const current = await releases.current({ name: 'remote_home', manifestUrl: MANIFEST });
  if (!current?.id.endsWith(`.${release}.cjs`)) throw new Error(`release ${release} did not load`);
  await current.modules.LoanCalculator?.();
  if (release % 50 === 0) figures.push(`${release}: ${heapMb()} MB`);
}
console.info(`heap after a full collection, ${RELEASES} releases in a row: ${figures.join(' → ')}`);
