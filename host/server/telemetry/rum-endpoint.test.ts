// @vitest-environment node
import { rmSync } from 'node:fs';
import type { StaticServer } from 'tooling/server/static-server';
import { RUM_PATH } from '../../src/telemetry/rum-events';
import { buildHostApp } from '../host-app';
import { createPageMetrics, type PageMetrics } from './page-metrics';
import { hostRootForTests } from './testing/host-root';
import { HOSTILE_BEACONS, PERSONAL_NUMBER } from './testing/hostile-beacons';

const HOME = 'http://localhost:3001/releases/aaaaaaaaaaaa/mf-manifest.json';
const HOME_CANARY = 'http://localhost:3001/releases/bbbbbbbbbbbb/mf-manifest.json';

let root: string;
let app: StaticServer;
let metrics: PageMetrics;

beforeEach(async () => {
  root = hostRootForTests();
  metrics = createPageMetrics();
  app = await buildHostApp({
    root,
    apiUpstream: 'http://127.0.0.1:9',
    env: {
      HOST_ORIGINS: 'http://localhost',
      REMOTE_HOME_URL: HOME,
      REMOTE_HOME_CANARY_URL: HOME_CANARY,
      REMOTE_HOME_CANARY_PERCENT: '10',
    },
    metrics,
    beaconsPerMinute: 5_000,
  });
});

afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const send = (payload: string, contentType = 'text/plain;charset=UTF-8') =>
  app.inject({
    method: 'POST',
    url: RUM_PATH,
    headers: { 'content-type': contentType },
    payload,
  });

const beacon = (events: unknown[], route = 'index') => JSON.stringify({ v: 1, route, events });

/** The metrics as Prometheus reads them. */
const scrape = () => metrics.registry.metrics();

describe('the beacon endpoint', () => {
  it("counts a page's views, errors and vitals under the slice and release they name", async () => {
    const home = { slice: 'remote_home', release: 'bbbbbbbbbbbb' };
    const response = await send(
      beacon([
        { type: 'view', ...home },
        { type: 'error', kind: 'slot', ...home },
        { type: 'vital', name: 'INP', value: 640, ...home },
        { type: 'vital', name: 'LCP', value: 1800, slice: 'host', release: 'host' },
      ]),
    );
    expect(response.statusCode).toBe(204);
    const text = await scrape();
    expect(text).toContain(
      'lender_rum_slot_views_total{slice="remote_home",release="bbbbbbbbbbbb",route="index"} 1',
    );
    expect(text).toContain(
      'lender_rum_errors_total{slice="remote_home",release="bbbbbbbbbbbb",kind="slot"} 1',
    );
    expect(text).toContain(
      'lender_rum_inp_seconds_bucket{le="0.75",slice="remote_home",release="bbbbbbbbbbbb"} 1',
    );
    expect(text).toContain(
      'lender_rum_inp_seconds_bucket{le="0.5",slice="remote_home",release="bbbbbbbbbbbb"} 0',
    );
    expect(text).toContain('lender_rum_lcp_seconds_count{slice="host",release="host"} 1');
    expect(text).toContain('lender_rum_beacons_total{outcome="accepted"} 1');
  });

  it('labels a release no configuration named "other": a forged beacon cannot add series', async () => {
    await send(beacon([{ type: 'view', slice: 'remote_home', release: 'cccccccccccc' }]));
    const text = await scrape();
    expect(text).toContain('release="other"');
    expect(text).not.toContain('cccccccccccc');
  });

  it('refuses malformed, oversized and hostile beacons without a 5xx and stores nothing of them', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const hostile = HOSTILE_BEACONS[i % HOSTILE_BEACONS.length];
      const response = await send(hostile?.body ?? '', hostile?.contentType);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([400, 413]);
    const text = await scrape();
    expect(text).not.toMatch(/lender_rum_(slot_views|errors)_total\{/);
    expect(text).not.toMatch(/lender_rum_(lcp|inp)_seconds_count\{/);
    expect(text).not.toContain(PERSONAL_NUMBER);
    expect(text).toMatch(/lender_rum_beacons_total\{outcome="malformed"\} \d+/);
    expect(text).toMatch(/lender_rum_beacons_total\{outcome="too_large"\} \d+/);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('keeps nothing a page adds beyond the labels: a message field is dropped', async () => {
    const response = await send(
      beacon([{ type: 'error', kind: 'uncaught', slice: 'host', release: 'host', message: 'x' }]),
    );
    expect(response.statusCode).toBe(204);
    expect(await scrape()).not.toContain('message');
  });

  it('refuses another content type', async () => {
    const response = await send(
      beacon([{ type: 'view', slice: 'host', release: 'host' }]),
      'image/png',
    );
    expect(response.statusCode).toBe(415);
  });
});

describe('the beacon endpoint, per address', () => {
  it('tells an address that sends more than its share to wait (429)', async () => {
    await app.close();
    app = await buildHostApp({
      root,
      apiUpstream: 'http://127.0.0.1:9',
      env: { HOST_ORIGINS: 'http://localhost' },
      metrics,
      beaconsPerMinute: 3,
    });
    const payload = beacon([{ type: 'view', slice: 'host', release: 'host' }]);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send(payload)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(await scrape()).toContain('lender_rum_beacons_total{outcome="rate_limited"} 2');
  });
});

describe('a canary', () => {
  const configOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="runtime-config">(.*?)<\/script>/s.exec(html)?.[1] ??
        'null',
    ) as { remotes: { name: string; manifestUrl: string; canary?: unknown }[] };

  it("gives a visitor one release, the canary's within its share, and keeps it by a cookie", async () => {
    const first = await app.inject({ url: '/' });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^lender_bucket=\d{1,2}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const bucket = Number(/lender_bucket=(\d+)/.exec(cookie)?.[1]);
    const home = configOf(first.body).remotes.find((remote) => remote.name === 'remote_home');
    expect(home?.manifestUrl).toBe(bucket < 10 ? HOME_CANARY : HOME);
    expect(home?.canary).toBeUndefined();

    for (const [kept, expected] of [
      ['3', HOME_CANARY],
      ['9', HOME_CANARY],
      ['10', HOME],
      ['77', HOME],
    ] as const) {
      const page = await app.inject({ url: '/', headers: { cookie: `lender_bucket=${kept}` } });
      expect(page.headers['set-cookie']).toBeUndefined();
      const remote = configOf(page.body).remotes.find((r) => r.name === 'remote_home');
      expect(remote?.manifestUrl, `bucket ${kept}`).toBe(expected);
      const config = await app.inject({
        url: '/runtime-config.json',
        headers: { cookie: `lender_bucket=${kept}` },
      });
      expect(config.json().remotes[0].manifestUrl).toBe(expected);
    }
  });

  it('serves about a tenth of new visitors the canary', async () => {
    let canary = 0;
    for (let i = 0; i < 400; i += 1) {
      const page = await app.inject({ url: '/' });
      const home = configOf(page.body).remotes.find((remote) => remote.name === 'remote_home');
      if (home?.manifestUrl === HOME_CANARY) canary += 1;
    }
    // Binomial(400, 0.1): 40 ± 6; this range fails once in about a million runs.
    expect(canary).toBeGreaterThan(10);
    expect(canary).toBeLessThan(80);
  });

  it("counts each route's time to first byte", async () => {
    await app.inject({ url: '/' });
    await app.inject({ url: '/recovery' });
    await app.inject({ url: '/nowhere' });
    const text = await scrape();
    for (const route of ['index', 'recovery', 'not-found']) {
      expect(text).toContain(`lender_page_ttfb_seconds_count{route="${route}"} 1`);
    }
  });
});
