/**
 * `pnpm --filter bench release-memory`: the host's server picks up 200 releases of a remote in
 * a row (decision 020) and its heap is measured after each 50, after a full collection. Each
 * release is remote-home's real server bundle under a new name, loaded the way the server
 * loads one (manifest read, bundle fetched, evaluated, its calculator module run) and rendered
 * with. Flat figures mean a replaced release is let go whole.
 *
 * Then the same 200 releases through the page server's render pool (decision 032): the slice's
 * one worker, its heap limit and replacement after 50 releases as the page server starts them,
 * each release served over HTTP, rolled out (a new address in the configuration) and loaded by
 * the next page, as in production. The worker's heap (after a full collection), its resident
 * size and its process id are printed at each 50.
 * Needs `pnpm build` first; run with --expose-gc (the script does). It prints; it asserts
 * nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { RemoteReleases } from 'page-server/releases/remote-releases';
import { RenderPool } from 'page-server/render/render-pool';
import { slotsAtRoot } from 'page-server/render/testing/release-origin';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { WORKSPACE_ROOT } from './servers';

const RELEASES = 200;
const MANIFEST = 'http://remote.bench/mf-manifest.json';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (pnpm --filter bench release-memory)');

const renderBundle = createRequire(import.meta.url)(
  path.join(WORKSPACE_ROOT, 'host/dist-server/render-page.cjs'),
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

// The same releases, as the page servers take them up: served, and rendered by a worker.
const server = createServer((request, response) => {
  if (request.url === '/mf-manifest.json') {
    response.setHeader('Content-Type', 'application/json');
    response.end(
      JSON.stringify({
        metaData: { ssrRemoteEntry: { name: `remote-entry.${release}.cjs`, path: 'ssr' } },
        exposes: [{ name: 'LoanCalculator', assets: { css: { sync: [] } } }],
      }),
    );
    return;
  }
  response.end(`${source}\n// release ${release}`);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
/** Each release rolled out under an address of its own, as a rollout names one. */
const configOf = (id: number) =>
  ({
    remotes: [{ name: 'remote_home', manifestUrl: `${origin}/mf-manifest.json?release=${id}` }],
    routeMiddleware: {},
  }) as unknown as RuntimeConfig;
const pool = new RenderPool({
  worker: path.join(WORKSPACE_ROOT, 'page-server/dist/render-worker.mjs'),
  bundle: path.join(WORKSPACE_ROOT, 'host/dist-server/render-page.cjs'),
  // No provider: the calculator's slot is left to the browser, its release still taken up.
  apiUpstream: 'http://127.0.0.1:9',
  unpinned: 'evaluate',
  revalidateMs: 0,
  remotes: ['remote_home'],
  exposeGc: true,
  env: process.env,
  onError: () => {},
  onLoaded: (_remote, key, outcome) => {
    if (outcome === 'evaluated') takenUp = key;
  },
});
await pool.ready();
let takenUp = '';
const workerFigures: string[] = [];
for (release = 1; release <= RELEASES; release += 1) {
  const key = `remote_home#${release}`;
  // Pages until one is rendered by a worker that loaded this release (a replaced worker loads
  // it afresh).
  for (let tries = 0; takenUp !== key; tries += 1) {
    if (tries > 100) throw new Error(`release ${release} was never taken up`);
    const config = configOf(release);
    await pool.slots(
      'remote_home',
      key,
      slotsAtRoot(config, 'visitor'),
      ['remote_home/LoanCalculator'],
      { reads: () => [] },
    );
  }
  if (release % 50 === 0) {
    await pool.ready();
    const worker = (await pool.memory()).find((candidate) => candidate.tenant === 'remote_home');
    const mb = (bytes = 0) => Math.round(bytes / 104_857.6) / 10;
    workerFigures.push(
      `${release}: ${mb(worker?.heapUsed)} MB heap, ${mb(worker?.rss)} MB resident (pid ${worker?.pid})`,
    );
  }
}
console.info(`the render worker, ${RELEASES} releases in a row: ${workerFigures.join(' → ')}`);
await pool.close();
server.close();
