import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenHost } from 'release-contract/proxies';
import { isRemoteName } from 'release-contract/remotes';
import { inspectorOpening, PAGE_SERVER_NODE_FLAGS } from './inspector-guard';
import { RENDER_SERVICE_DRAIN_MS, startRenderService } from './render/render-service';
import { RENDER_SERVICE_DEFAULT_PORT } from './render/render-service-address';
import { memoryCapMb } from './render/worker-memory';

/*
 * A slice's render service (decision 041): `RENDER_SERVICE_SLICE=remote_loans node … this file`
 * runs that slice's render workers for the page servers that connect to it. In a cluster it is
 * a Deployment of its own per slice (deploy/cluster), whose pods reach nothing.
 */

const env = process.env;
const fail: (why: string) => never = (why) => {
  console.error(`render-service: does not start: ${why}`);
  process.exit(1);
};

// As the page server: a process of the worker's user must not open an inspector here.
const opening = inspectorOpening(process.execArgv, env.NODE_OPTIONS);
if (opening) fail(`${opening}; run it with ${PAGE_SERVER_NODE_FLAGS.join(' ')} (decision 032)`);
process.on('SIGUSR1', () => console.error('render-service: a process sent it SIGUSR1; ignored'));

const slice = env.RENDER_SERVICE_SLICE?.trim() ?? '';
if (!isRemoteName(slice)) fail(`RENDER_SERVICE_SLICE must name a remote, got "${slice}"`);
const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (!raw?.trim()) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0
    ? value
    : fail(`${name} must be a positive whole number, got "${raw}"`);
};
const port = positive('RENDER_SERVICE_PORT', env.RENDER_SERVICE_PORT, RENDER_SERVICE_DEFAULT_PORT);
const maxWorkers = positive('RENDER_SERVICE_WORKERS', env.RENDER_SERVICE_WORKERS, 8);

// This file runs as page-server/dist/serve-render-service.mjs, the worker beside it and the
// host's server entry in the host's build (decision 045).
const dist = path.dirname(fileURLToPath(import.meta.url));
let service: Awaited<ReturnType<typeof startRenderService>>;
try {
  service = await startRenderService(
    {
      slice,
      worker: path.join(dist, 'render-worker.mjs'),
      bundle: path.resolve(dist, '../../host/dist-server/render-page.cjs'),
      env,
      maxWorkers,
      memoryCapMb: memoryCapMb(env),
      onLog: (line) => console.error(`render-service: ${line}`),
    },
    { host: listenHost(), port },
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    // Its pod goes: the page servers move their workers to other pods, pages under way finished.
    void service
      .drain(signal === 'SIGTERM' ? RENDER_SERVICE_DRAIN_MS : 0)
      .then(() => process.exit(0));
  });
}
console.info(`render-service: ${slice} on ${listenHost()}:${service.port}`);
