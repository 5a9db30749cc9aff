import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_APP, portOf } from 'release-contract/apps';
import { apiUpstream } from 'release-contract/origins';
import { listenHost } from 'release-contract/proxies';
import { releasesPublicKey } from 'release-contract/signed-releases';
import { inspectorOpening, PAGE_SERVER_NODE_FLAGS } from './inspector-guard';
import { buildPageServerApp } from './page-server-app';
import { localPublicKey, localRolloutFile, rollOutLocally } from './releases/local-rollout';
import {
  openReleasesSource,
  type ReleasesSource,
  releasesRefreshMs,
} from './releases/releases-source';
import { withRenamedVariables } from './renamed-variables';
import { DEFAULT_METRICS_HOST, serveMetrics } from './telemetry/metrics-server';
import { createPageMetrics } from './telemetry/page-metrics';
import { HealthReport } from './telemetry/page-server-health';
import { DRAIN_MS, STOP_GRACE_MS } from './telemetry/stop-timing';

// Nothing of the page server's is started before it is known that no signal opens its inspector.
const opening = inspectorOpening(process.execArgv, process.env.NODE_OPTIONS);
if (opening) {
  console.error(
    `page-server: does not start: ${opening}; run it with ${PAGE_SERVER_NODE_FLAGS.join(' ')} (decision 032)`,
  );
  process.exit(1);
}
// A signal that would have opened it is only logged (a process of the same user sent it).
process.on('SIGUSR1', () => {
  console.error('page-server: a process sent it SIGUSR1; its inspector stays shut');
});

// This file runs as page-server/dist/serve-page-server.mjs; the browser shell it serves is the
// host's build beside it (host/dist).
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageRoot, '..');
const port = portOf(HOST_APP);
const upstream = apiUpstream();

// A deployment (nginx's page servers, a cluster) names its own copies of the build and where its
// releases document is (issue 48), and the key its rollout signs it with (decision 040);
// `pnpm start` rolls out the builds beside it (decision 025), signed with the checkout's key.
// A variable still set by its old HOST_* name is taken for one release, and said (issue 57):
// on stderr, which nginx's page servers and a pod's log keep.
const env = withRenamedVariables(process.env, (message) => console.warn(message));
let releasesSource = env.RELEASES_SOURCE?.trim();
let publicKeyPem = env.RELEASES_PUBLIC_KEY?.trim();
if (!releasesSource) {
  await rollOutLocally(env, repoRoot);
  releasesSource = localRolloutFile(repoRoot);
  publicKeyPem ||= localPublicKey(repoRoot);
}
const metrics = createPageMetrics();
let releases: ReleasesSource;
try {
  if (!publicKeyPem) {
    throw new Error(
      `page-server: RELEASES_SOURCE (${releasesSource}) is read only with RELEASES_PUBLIC_KEY, the key its rollout signs it with (docs/releases.md)`,
    );
  }
  releases = await openReleasesSource({
    source: releasesSource,
    publicKey: releasesPublicKey(publicKeyPem),
    metrics,
    production: env.NODE_ENV === 'production',
    refreshMs: releasesRefreshMs(env, releasesSource),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const health = new HealthReport();
const app = await buildPageServerApp({
  metrics,
  health,
  root: env.PAGE_SERVER_ROOT ?? path.join(repoRoot, 'host/dist'),
  // The host's server entry, from the host's own build (decision 045).
  renderBundle:
    env.PAGE_SERVER_RENDER_BUNDLE ?? path.join(repoRoot, 'host/dist-server/render-page.cjs'),
  // Beside this file in the build: the slices' server code runs there, without our secrets.
  renderWorker: path.join(packageRoot, 'dist/render-worker.mjs'),
  ...(Number(env.PAGE_SERVER_RENDER_WORKERS) > 0
    ? { renderPool: { size: Number(env.PAGE_SERVER_RENDER_WORKERS) } }
    : {}),
  releases: releases.current,
  // How long a page waits for its slots' code and data before it goes without them.
  ...(Number(env.PAGE_SERVER_RENDER_BUDGET_MS) > 0
    ? { renderBudgetMs: Number(env.PAGE_SERVER_RENDER_BUDGET_MS) }
    : {}),
  apiUpstream: upstream,
  env,
  // Warnings only: CSP violation reports, an unreachable provider.
  logger: { level: env.PAGE_SERVER_LOG_LEVEL ?? 'warn' },
});
await app.listen({ port, host: listenHost() });
// Prometheus's and the probes': on loopback unless METRICS_HOST names another address (decision 029).
const metricsPort = Number(env.METRICS_PORT);
const metricsHost = env.METRICS_HOST?.trim() || DEFAULT_METRICS_HOST;
const metricsServer =
  Number.isInteger(metricsPort) && metricsPort > 0
    ? await serveMetrics(metrics.registry, metricsPort, health, metricsHost)
    : undefined;

// Stopped (a deploy, a scale-down): readiness fails at once and pages are still taken for the
// drain, so balancers move away first; then the pages under way are finished, no new one begun.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    health.drain();
    const drain = metricsServer && signal === 'SIGTERM' ? DRAIN_MS : 0;
    setTimeout(() => {
      void app.close().then(() => {
        metricsServer?.close();
        process.exit(0);
      });
      // Pages are bounded by their render budget: a connection a proxy keeps open must not
      // hold the stop (Fastify waits for each to go idle), so it ends within a few seconds.
      setTimeout(() => {
        console.warn('page-server: stopped before every connection had closed');
        process.exit(0);
      }, STOP_GRACE_MS).unref();
    }, drain).unref();
  });
}

console.info(`page-server: http://localhost:${port}`);
if (metricsServer) {
  console.info(
    `page-server: metrics on http://${metricsHost}:${metricsPort}/metrics, health on /health, readiness on /ready`,
  );
}
console.info(
  process.env.API_BASE_URL
    ? `host: /api/* is proxied to API_BASE_URL=${upstream}`
    : `host: /api/* is proxied to the embedded sandbox API at ${upstream}`,
);
