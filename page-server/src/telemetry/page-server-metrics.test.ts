// @vitest-environment node
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { StaticServer } from '../http/static-server';
import { buildPageServerApp } from '../page-server-app';
import type { ServerPage } from '../render/page-composer';
import type { PageRenderer } from '../render/page-renderer';
import { serveMetrics } from './metrics-server';
import { createPageMetrics, type PageMetrics } from './page-metrics';
import { HealthReport } from './page-server-health';
import { hostRootForTests } from './testing/host-root';

/*
 * The page server's own signals (decision 029): what became of each slot it rendered, under the
 * slice and release of the page's configuration, and the provider's answers to it.
 */

const HOME = 'http://localhost:3001/releases/aaaaaaaaaaaa/mf-manifest.json';

let root: string;
let app: StaticServer;
let metrics: PageMetrics;
let provider: Server;
let providerUrl: string;

/** A renderer whose every page says what became of two slots. */
const renderer: PageRenderer = {
  render: async () =>
    ({
      kind: 'page',
      status: 200,
      html: '<main>page</main>',
      state: {
        audience: 'visitor',
        queries: { queries: [], mutations: [] },
        router: { loaderData: {}, actionData: null, errors: null },
        slots: {},
      },
      slots: ['remote_home/HomeSlider'],
      styles: [],
      outcomes: [
        { slot: 'remote_home/HomeSlider', outcome: 'rendered', ms: 12 },
        { slot: 'remote_home/LoanCalculator', outcome: 'late', ms: 400 },
      ],
    }) satisfies ServerPage,
  memory: async () => [],
  ready: async () => {},
  close: async () => {},
};

beforeAll(async () => {
  provider = createServer((request, response) => {
    response.statusCode = request.url?.startsWith('/api/broken') ? 503 : 200;
    response.setHeader('Content-Type', 'application/json');
    response.end('{}');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

beforeEach(async () => {
  root = hostRootForTests();
  metrics = createPageMetrics();
  app = await buildPageServerApp({
    root,
    apiUpstream: providerUrl,
    env: { HOST_ORIGINS: 'http://localhost', REMOTE_HOME_URL: HOME },
    metrics,
    pageRenderer: renderer,
  });
});

afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the page server's metrics", () => {
  it("counts each slot's render and each one sent without it, by slice, release and reason", async () => {
    await app.inject({ url: '/' });
    await app.inject({ url: '/' });
    const text = await metrics.registry.metrics();
    const slot = 'slice="remote_home",release="aaaaaaaaaaaa",slot="remote_home/LoanCalculator"';
    expect(text).toContain(`lender_slot_fallbacks_total{${slot},reason="late"} 2`);
    expect(text).toContain(`lender_slot_render_seconds_count{${slot}} 2`);
    expect(text).toContain(
      'lender_slot_render_seconds_count{slice="remote_home",release="aaaaaaaaaaaa",slot="remote_home/HomeSlider"} 2',
    );
    expect(text).not.toContain('slot="remote_home/HomeSlider",reason=');
  });

  it("counts the provider's answers through the server by outcome", async () => {
    await app.inject({ url: '/api/loan/products/' });
    await app.inject({ url: '/api/broken/' });
    const text = await metrics.registry.metrics();
    expect(text).toContain('lender_provider_call_seconds_count{source="api",outcome="ok"} 1');
    expect(text).toContain(
      'lender_provider_call_seconds_count{source="api",outcome="server_error"} 1',
    );
  });

  it('serves them to Prometheus on loopback, and nothing else there', async () => {
    await app.inject({ url: '/' });
    const server = await serveMetrics(metrics.registry, 0);
    try {
      const { port } = server.address() as AddressInfo;
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await scraped.text()).toContain('lender_page_ttfb_seconds_count{route="index"} 1');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('says in its health and its metrics that no render worker can start, and serves the pages without', async () => {
    // A runtime without Node's permission model refuses every render worker at its start.
    const worker = path.join(root, 'refused-worker.mjs');
    writeFileSync(worker, "console.error('node: bad option: --permission'); process.exit(9);");
    writeFileSync(path.join(root, 'render-page.cjs'), '');
    const health = new HealthReport();
    const refused = createPageMetrics();
    const served = await buildPageServerApp({
      root,
      apiUpstream: providerUrl,
      env: { HOST_ORIGINS: 'http://localhost', REMOTE_HOME_URL: HOME, RENDER_WORKER_USER: '-' },
      metrics: refused,
      health,
      renderBundle: path.join(root, 'render-page.cjs'),
      renderWorker: worker,
    });
    const server = await serveMetrics(refused.registry, 0, health);
    try {
      const { port } = server.address() as AddressInfo;
      const said = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
      expect(said).toEqual({
        status: 'degraded',
        serverRender: {
          state: 'unavailable',
          why: expect.stringContaining('bad option: --permission'),
        },
      });
      const scraped = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(scraped).toMatch(/^lender_server_render_unavailable 1$/m);
      expect((await served.inject({ url: '/' })).statusCode).toBe(200);
    } finally {
      server.close();
      await served.close();
    }
  });

  it('is ready for pages once its renderer has started, and not once it drains', async () => {
    const health = new HealthReport();
    let state: 'starting' | 'running' = 'starting';
    health.watchServerRender(() => ({ state }));
    const server = await serveMetrics(metrics.registry, 0, health);
    try {
      const { port } = server.address() as AddressInfo;
      const ready = () => fetch(`http://127.0.0.1:${port}/ready`);
      expect((await ready()).status).toBe(503);
      state = 'running';
      expect((await ready()).status).toBe(200);
      health.drain();
      const draining = await ready();
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ ready: false, why: 'draining' });
      // Liveness still holds while it drains: it is stopping, not stuck.
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('says it is healthy while it renders', async () => {
    const health = new HealthReport();
    health.watchServerRender(() => ({ state: 'running' }));
    const server = await serveMetrics(metrics.registry, 0, health);
    try {
      const { port } = server.address() as AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({
        status: 'ok',
        serverRender: { state: 'running' },
      });
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toMatch(
        /^lender_server_render_unavailable 0$/m,
      );
    } finally {
      server.close();
    }
  });
});
