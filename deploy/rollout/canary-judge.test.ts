import { rmSync } from 'node:fs';
import { createStaticServer, type StaticServer } from 'page-server/http/static-server';
import { configForBucket } from 'page-server/releases/canary';
import { sessionKeys } from 'page-server/session/session-keys';
import { createPageMetrics, type PageMetrics } from 'page-server/telemetry/page-metrics';
import {
  ReleaseBook,
  type RumEndpoint,
  registerRumEndpoint,
} from 'page-server/telemetry/rum-endpoint';
import { hostRootForTests } from 'page-server/telemetry/testing/host-root';
import { buildRuntimeConfig } from 'release-contract/config-from-env';
import { RUM_PATH, RUM_VIEW_PARAM } from 'release-contract/rum-events';
import { judgeCanary } from './canary-judge';
import {
  figuresOf,
  parseMetrics,
  type ReleaseFigures,
  type Sample,
  since,
} from './release-metrics';

/** A release's figures: its verified views and those that erred, its server renders, its pages. */
const figures = (
  views: number,
  erred: number,
  renders = 0,
  fallbacks = 0,
  pages = views,
): ReleaseFigures => ({
  release: 'x',
  pages,
  views,
  erred,
  errors: erred,
  renders,
  fallbacks,
});

describe('a canary judged against the stable release', () => {
  it('is rolled back as soon as its error rate is worse beyond the tolerance, before the window ends', () => {
    const verdict = judgeCanary(figures(6, 6), figures(60, 0), false);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toBe("its error rate is 100.0% against the stable release's 0.0%");
  });

  it('waits while too few views could be luck', () => {
    expect(judgeCanary(figures(2, 1), figures(60, 0), false).kind).toBe('wait');
  });

  it('is rolled back when its slots fall back on the server more than the stable ones', () => {
    const verdict = judgeCanary(figures(30, 0, 30, 10), figures(300, 0, 300, 3), false);
    expect(verdict).toEqual({
      kind: 'roll back',
      why: "its server fallback rate is 33.3% against the stable release's 1.0%",
    });
  });

  it('is promoted once the window is over with enough views and rates that held', () => {
    const verdict = judgeCanary(figures(25, 0, 25, 0), figures(200, 1, 200, 0), true);
    expect(verdict.kind).toBe('promote');
    expect(verdict.why).toMatch(/^over 25 page views its error rate \(0\.0%\)/);
  });

  it('tolerates a rate a little above the stable one', () => {
    expect(judgeCanary(figures(100, 2), figures(100, 1), true).kind).toBe('promote');
  });

  it('is rolled back when the window ends without enough views to judge it', () => {
    const verdict = judgeCanary(figures(3, 0), figures(30, 0), true);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(/only 3 verified page views/);
  });

  it('keeps waiting with nothing worse before the window ends', () => {
    expect(judgeCanary(figures(50, 0), figures(400, 0), false).kind).toBe('wait');
  });
});

describe("the page servers' evidence over the browser's (decision 034)", () => {
  it('rolls a canary back for its server fallbacks, whatever clean views the browsers report', () => {
    const verdict = judgeCanary(figures(500, 0, 20, 10), figures(500, 0, 200, 2), false);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(/^its server fallback rate is 50\.0%/);
  });

  it('weighs a view that erred once, however many errors it reported', () => {
    const canary = { ...figures(100, 1), errors: 500 };
    expect(judgeCanary(canary, figures(100, 0), true).kind).toBe('promote');
  });

  it('never promotes on views the page servers sent no pages for', () => {
    // Row 10's second decision: 21 beacons of 32 clean views each, and no page behind them.
    const verdict = judgeCanary(figures(672, 0, 0, 0, 0), figures(300, 0, 300, 0), true);
    expect(verdict).toEqual({
      kind: 'roll back',
      why: 'the page servers sent only 0 pages with it in the window (at least 20 are needed to promote)',
    });
  });
});

describe('issue 45, row 10: beacons sent to a page server, and the judge that reads it', () => {
  const STABLE = 'aaaaaaaaaaaa';
  const CANARY = 'bbbbbbbbbbbb';
  const deployed = buildRuntimeConfig({
    REMOTE_HOME_URL: `http://localhost:3001/releases/${STABLE}/mf-manifest.json`,
    REMOTE_HOME_CANARY_URL: `http://localhost:3001/releases/${CANARY}/mf-manifest.json`,
    REMOTE_HOME_CANARY_PERCENT: '10',
  });
  const policy = { minViews: 4, tolerance: 0.02 };
  let root: string;
  let app: StaticServer;
  let rum: RumEndpoint;
  let metrics: PageMetrics;
  let baseline: Sample[];

  const scrape = async () => parseMetrics(await metrics.registry.metrics());
  const judge = async (windowOver: boolean) => {
    const window = since(baseline, await scrape());
    return judgeCanary(
      figuresOf(window, 'remote_home', CANARY),
      figuresOf(window, 'remote_home', STABLE),
      windowOver,
      policy,
    );
  };
  const beacon = (events: unknown[]) => JSON.stringify({ v: 1, route: 'index', events });
  const view = (release: string) => ({ type: 'view', slice: 'remote_home', release });
  const error = (release: string) => ({
    type: 'error',
    kind: 'uncaught',
    slice: 'remote_home',
    release,
  });
  const send = (body: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: token === undefined ? RUM_PATH : `${RUM_PATH}?${RUM_VIEW_PARAM}=${token}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      payload: body,
    });
  /** The view token of a page sent to a visitor in `bucket` (0–9 get the canary). */
  const page = (bucket: number) => rum.issueView(configForBucket(deployed, bucket));

  beforeEach(async () => {
    root = hostRootForTests();
    metrics = createPageMetrics();
    app = await createStaticServer({ root });
    rum = await registerRumEndpoint(app, {
      metrics,
      book: new ReleaseBook(),
      config: () => deployed,
      keys: sessionKeys({ SESSION_SECRET: 'a-test-secret-that-is-long-enough-to-be-a-key' }),
    });
    baseline = await scrape();
  });

  afterEach(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('one cross-site beacon of 5 views and an error naming the canary does not roll it back', async () => {
    const crossSite = beacon([...Array.from({ length: 5 }, () => view(CANARY)), error(CANARY)]);
    await send(crossSite, undefined, { origin: 'https://evil.example' });
    expect(await judge(false)).toMatchObject({ kind: 'wait' });
  });

  it('21 beacons of clean views do not promote it while its real views err at 50%', async () => {
    for (let visitor = 0; visitor < 8; visitor += 1) {
      const erred = visitor % 2 === 0;
      await send(beacon([view(CANARY), ...(erred ? [error(CANARY)] : [])]), page(visitor));
    }
    for (let visitor = 0; visitor < 16; visitor += 1) {
      await send(beacon([view(STABLE)]), page(10 + visitor));
    }
    const clean = beacon(Array.from({ length: 32 }, () => view(CANARY)));
    const canaryPage = page(0);
    for (let i = 0; i < 21; i += 1) {
      // Without a token, as row 10 sent them; then on a real canary page's token.
      await send(clean, undefined, { origin: 'https://evil.example' });
      await send(clean, canaryPage);
    }
    const verdict = await judge(true);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toBe("its error rate is 50.0% against the stable release's 0.0%");
  });
});
