/**
 * `pnpm --filter bench render-memory`: does the page server keep anything of a render? The
 * page server (`buildPageServerApp`, what serve-page-server runs, with its render bundle) is built in this
 * process beside the product served as `pnpm start` serves it (remotes and sandbox), renders
 * the load's mix of visitor pages 10 000 times, and its heap is measured after a full
 * collection at each 2 000: the resident size of a served process (`pnpm --filter bench load`)
 * also holds what V8 has not yet collected or given back, so only this says "flat". The pages
 * are rendered by the render workers, the host's and each slice's (decision 032), whose heaps are
 * measured the same way. Needs
 * `pnpm build` first; run with --expose-gc (the script does). It prints; it asserts nothing.
 *
 *   pnpm --filter bench render-memory [--renders 10000]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { buildPageServerApp } from 'page-server/page-server-app';
import { loadPageRenderer } from 'page-server/render/page-renderer';
import { HOST_APP, portOf } from 'release-contract/apps';
import { apiUpstream } from 'release-contract/origins';
import { PAGE_STATE_ELEMENT_ID } from 'release-contract/page-state';
import { LOAD_PAGES } from './load-pages';
import { startFederated, WORKSPACE_ROOT } from './servers';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { renders: { type: 'string', default: '10000' } },
});

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (pnpm --filter bench render-memory)');

const heapMb = () => {
  gc();
  return Math.round(process.memoryUsage().heapUsed / 104_857.6) / 10;
};
const rssMb = () => Math.round(process.memoryUsage().rss / 104_857.6) / 10;

const stop = await startFederated([`http://localhost:${portOf(HOST_APP)}/`]);
try {
  const hostRoot = path.join(WORKSPACE_ROOT, 'host');
  const pageServerRoot = path.join(WORKSPACE_ROOT, 'page-server');
  const renderer = loadPageRenderer({
    bundle: path.join(hostRoot, 'dist-server/render-page.cjs'),
    worker: path.join(pageServerRoot, 'dist/render-worker.mjs'),
    apiUpstream: apiUpstream(),
    env: process.env,
    unpinned: 'evaluate',
    pool: { size: 1, exposeGc: true },
  });
  if (!renderer) throw new Error('the host has no render bundle or worker: pnpm build first');
  await renderer.ready();
  const app = await buildPageServerApp({
    root: path.join(hostRoot, 'dist'),
    pageRenderer: renderer,
    apiUpstream: apiUpstream(),
    env: process.env,
    logger: false,
  });
  /** Each render worker's heap after a full collection, in MB: the host's and each slice's. */
  const workerHeapMb = async () =>
    (await renderer.memory())
      .map((worker) => `${worker.tenant} ${Math.round(worker.heapUsed / 104_857.6) / 10}`)
      .join(', ');
  let rendered = 0;
  const render = async (count: number) => {
    for (let done = 0; done < count; done += 1) {
      const url = LOAD_PAGES[rendered % LOAD_PAGES.length] ?? '/';
      const page = await app.inject({
        url,
        headers: { 'accept-encoding': 'br', host: `localhost:${portOf(HOST_APP)}` },
      });
      // A page left to the browser would measure nothing here.
      const html = brotliDecompressSync(page.rawPayload).toString('utf8');
      if (page.statusCode !== 200 || !html.includes(`id="${PAGE_STATE_ELEMENT_ID}"`)) {
        throw new Error(`${url} was not rendered on the server (${page.statusCode})`);
      }
      rendered += 1;
    }
  };
  // Every release loaded, every answer cached and the code compiled before the first figure.
  await render(500);
  const renders = Number(args.renders);
  const heap = [`start ${heapMb()} MB`];
  const workerHeap = [`start ${await workerHeapMb()} (MB)`];
  const rss = [`${rssMb()} MB`];
  for (let done = 0; done < renders; done += 2_000) {
    const step = Math.min(2_000, renders - done);
    await render(step);
    heap.push(`${done + step}: ${heapMb()} MB`);
    workerHeap.push(`${done + step}: ${await workerHeapMb()} (MB)`);
    rss.push(`${rssMb()} MB`);
  }
  console.info(
    `page server's heap after a full collection, ${renders} renders: ${heap.join(' → ')}`,
  );
  console.info(`render workers' heaps after a full collection: ${workerHeap.join(' → ')}`);
  console.info(`resident size at the same points: ${rss.join(' → ')}`);
  await app.close();
} finally {
  await stop();
}
