// @vitest-environment node
import { rmSync } from 'node:fs';
import {
  RUM_MAX_BEACONS_PER_VIEW,
  RUM_PATH,
  RUM_VIEW_PARAM,
  VIEW_TOKEN_META,
} from 'release-contract/rum-events';
import type { StaticServer } from '../http/static-server';
import { buildHostApp } from '../page-server-app';
import { createPageMetrics, type PageMetrics } from './page-metrics';
import { hostRootForTests } from './testing/host-root';
import { HOSTILE_BEACONS, PERSONAL_NUMBER } from './testing/hostile-beacons';

const HOME = 'http://localhost:3001/releases/aaaaaaaaaaaa/mf-manifest.json';
const HOME_CANARY = 'http://localhost:3001/releases/bbbbbbbbbbbb/mf-manifest.json';
const SECRET = 'a-test-secret-that-is-long-enough-to-be-a-key';

let root: string;
let app: StaticServer;
let metrics: PageMetrics;

const build = (env: Record<string, string> = {}, unverifiedBeaconsPerMinute = 5_000) =>
  buildHostApp({
    root,
    apiUpstream: 'http://127.0.0.1:9',
    env: {
      HOST_ORIGINS: 'http://localhost',
      SESSION_SECRET: SECRET,
      REMOTE_HOME_URL: HOME,
      REMOTE_HOME_CANARY_URL: HOME_CANARY,
      REMOTE_HOME_CANARY_PERCENT: '10',
      ...env,
    },
    metrics,
    unverifiedBeaconsPerMinute,
  });

beforeEach(async () => {
  root = hostRootForTests();
  metrics = createPageMetrics();
  app = await build();
});

afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

interface Sent {
  /** The page view's token, as its page sends it. */
  view?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const send = (payload: string, { view, contentType, headers }: Sent = {}) =>
  app.inject({
    method: 'POST',
    url: view === undefined ? RUM_PATH : `${RUM_PATH}?${RUM_VIEW_PARAM}=${view}`,
    headers: { 'content-type': contentType ?? 'text/plain;charset=UTF-8', ...headers },
    payload,
  });

const beacon = (events: unknown[], route = 'index') => JSON.stringify({ v: 1, route, events });

/** The view token of a page the server sent to a visitor in `bucket` (0–9: the canary's). */
async function pageView(bucket = 50): Promise<string> {
  const page = await app.inject({ url: '/', headers: { cookie: `lender_bucket=${bucket}` } });
  const token = new RegExp(`<meta name="${VIEW_TOKEN_META}" content="([^"]+)" />`).exec(
    page.body,
  )?.[1];
  if (!token) throw new Error('the page has no view token');
  return token;
}

/** The metrics as Prometheus reads them. */
const scrape = () => metrics.registry.metrics();

const stable = { slice: 'remote_home', release: 'aaaaaaaaaaaa' } as const;
const canary = { slice: 'remote_home', release: 'bbbbbbbbbbbb' } as const;

describe('the beacon endpoint', () => {
  it("counts a page's views, errors and vitals under the slice and release they name", async () => {
    const home = canary;
    const response = await send(
      beacon([
        { type: 'view', ...home },
        { type: 'error', kind: 'slot', ...home },
        { type: 'vital', name: 'INP', value: 640, ...home },
        { type: 'vital', name: 'LCP', value: 1800, slice: 'host', release: 'host' },
      ]),
      { view: await pageView(0) },
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

  it('adds no series for a release no page was given, with a token or without', async () => {
    const forged = beacon([{ type: 'view', slice: 'remote_home', release: 'cccccccccccc' }]);
    expect((await send(forged)).statusCode).toBe(202);
    expect((await send(forged, { view: await pageView() })).statusCode).toBe(202);
    const text = await scrape();
    expect(text).not.toContain('cccccccccccc');
    expect(text).not.toMatch(/lender_rum_slot_views_total\{/);
  });

  it('refuses malformed, oversized and hostile beacons without a 5xx and stores nothing of them', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const hostile = HOSTILE_BEACONS[i % HOSTILE_BEACONS.length];
      const response = await send(hostile?.body ?? '', { contentType: hostile?.contentType ?? '' });
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
      { view: await pageView() },
    );
    expect(response.statusCode).toBe(204);
    expect(await scrape()).not.toContain('message');
  });

  it('refuses another content type', async () => {
    const response = await send(beacon([{ type: 'view', slice: 'host', release: 'host' }]), {
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('the beacon endpoint, per address', () => {
  it('bounds beacons without a view token per address: a flood guard, nothing counted', async () => {
    await app.close();
    app = await build({}, 3);
    const payload = beacon([{ type: 'view', ...stable }]);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send(payload)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const text = await scrape();
    expect(text).toContain('lender_rum_beacons_total{outcome="rate_limited"} 2');
    expect(text).not.toMatch(/lender_rum_slot_views_total\{/);
  });

  it("counts every page's beacons from one address, as an office's or a carrier's customers share one", async () => {
    await app.close();
    app = await build({}, 3);
    const statuses = [];
    for (let i = 0; i < 12; i += 1) {
      const view = await pageView();
      statuses.push((await send(beacon([{ type: 'view', ...stable }]), { view })).statusCode);
      statuses.push(
        (await send(beacon([{ type: 'vital', name: 'CLS', value: 0.01, ...stable }]), { view }))
          .statusCode,
      );
    }
    expect(statuses).toEqual(Array(24).fill(204));
    expect(await scrape()).toContain(
      'lender_rum_slot_views_total{slice="remote_home",release="aaaaaaaaaaaa",route="index"} 12',
    );
  });
});

describe("a page view's beacons are evidence, not votes (issue 45, row 10)", () => {
  /** Row 10's first beacon: cross-site, text/plain, five views and an error of the canary. */
  const crossSite = beacon([
    ...Array.from({ length: 5 }, () => ({ type: 'view', ...canary })),
    { type: 'error', kind: 'uncaught', ...canary },
  ]);
  const fromElsewhere = { origin: 'https://evil.example', referer: 'https://evil.example/' };
  const perRelease = /lender_rum_(slot_views|errors|erred_views)_total\{/;

  it("counts a cross-site beacon without a view token apart, out of every release's series", async () => {
    const response = await send(crossSite, { headers: fromElsewhere });
    expect(response.statusCode).toBe(202);
    const text = await scrape();
    expect(text).not.toMatch(perRelease);
    expect(text).toContain('lender_rum_beacons_total{outcome="no_token"} 1');
  });

  it('counts a beacon with a token no page server issued apart: made up, altered, or of another key', async () => {
    const real = await pageView();
    const [payload = '', signature = ''] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = Buffer.from(
      JSON.stringify({ ...claims, releases: { remote_home: canary.release } }),
    ).toString('base64url');
    const elsewhere = await buildHostApp({
      root,
      apiUpstream: 'http://127.0.0.1:9',
      env: {
        HOST_ORIGINS: 'http://localhost',
        SESSION_SECRET: `${SECRET}-not-ours`,
        REMOTE_HOME_URL: HOME_CANARY,
      },
      metrics: createPageMetrics(),
    });
    const page = await elsewhere.inject({ url: '/' });
    await elsewhere.close();
    const otherKey = /content="([^"]+)"/.exec(
      page.body.slice(page.body.indexOf(VIEW_TOKEN_META)),
    )?.[1];
    for (const view of [
      `${altered}.${signature}`,
      otherKey ?? '',
      `${payload}.${'A'.repeat(43)}`,
      'x',
      '',
    ]) {
      expect((await send(crossSite, { view })).statusCode, view).toBe(202);
    }
    const text = await scrape();
    expect(text).not.toMatch(perRelease);
    expect(text).toContain('lender_rum_beacons_total{outcome="forged"} 5');
  });

  it("counts apart a beacon naming a release its page was not given: a stable page's token cannot report the canary", async () => {
    const view = await pageView(50);
    expect((await send(crossSite, { view })).statusCode).toBe(202);
    const text = await scrape();
    expect(text).not.toMatch(perRelease);
    expect(text).toContain('lender_rum_beacons_total{outcome="unnamed_release"} 1');
  });

  it("spends a view's budget once: a slice's second view, a replayed beacon, a beacon past the budget", async () => {
    const view = await pageView(0);
    const seen = beacon([{ type: 'view', ...canary }]);
    expect((await send(seen, { view })).statusCode).toBe(204);
    // Row 10's second part: clean views, as many as a beacon holds, on a real page's token.
    const clean = beacon(Array.from({ length: 32 }, () => ({ type: 'view', ...canary })));
    for (let i = 0; i < 21; i += 1) expect((await send(clean, { view })).statusCode).toBe(202);
    expect((await send(seen, { view })).statusCode).toBe(202);
    // A page's other beacons, up to its budget of beacons, and not one more.
    const vital = beacon([{ type: 'vital', name: 'CLS', value: 0.01, ...canary }]);
    const statuses = [];
    for (let i = 0; i < RUM_MAX_BEACONS_PER_VIEW; i += 1) {
      statuses.push((await send(vital, { view })).statusCode);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(RUM_MAX_BEACONS_PER_VIEW - 1);
    expect(statuses.at(-1)).toBe(202);
    const text = await scrape();
    expect(text).toContain(
      'lender_rum_slot_views_total{slice="remote_home",release="bbbbbbbbbbbb",route="index"} 1',
    );
    expect(text).toContain('lender_rum_beacons_total{outcome="over_budget"} 23');
  });

  it('counts a view that erred once, however many errors it sent', async () => {
    const view = await pageView(0);
    const errors = Array.from({ length: 5 }, () => ({
      type: 'error',
      kind: 'uncaught',
      ...canary,
    }));
    await send(beacon([{ type: 'view', ...canary }, ...errors]), { view });
    await send(beacon(errors), { view });
    const text = await scrape();
    expect(text).toContain(
      'lender_rum_erred_views_total{slice="remote_home",release="bbbbbbbbbbbb"} 1',
    );
    expect(text).toContain(
      'lender_rum_errors_total{slice="remote_home",release="bbbbbbbbbbbb",kind="uncaught"} 10',
    );
  });

  it("counts each page it sends under each slice's release the page was given", async () => {
    await pageView(0);
    await pageView(3);
    await pageView(50);
    const text = await scrape();
    expect(text).toContain(
      'lender_pages_served_total{slice="remote_home",release="bbbbbbbbbbbb"} 2',
    );
    expect(text).toContain(
      'lender_pages_served_total{slice="remote_home",release="aaaaaaaaaaaa"} 1',
    );
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
