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
import { DEFAULT_POLICY, judgeCanary } from './canary-judge';
import { figuresOf, parseMetrics, type ReleaseFigures } from './release-metrics';

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
  it('is rolled back while the window runs once it is shown worse beyond the tolerance', () => {
    const verdict = judgeCanary(figures(40, 6), figures(200, 1), false);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(
      /^its error rate is 15\.0% \(6 of 40\) against the stable release's 0\.5% \(1 of 200\): worse by more than 5\.0 points at 95\.0% confidence \(Newcombe–Wilson interval of the difference\), by at least \d/,
    );
  });

  it('is rolled back when its slots fall back on the server more than the stable ones', () => {
    const verdict = judgeCanary(figures(30, 0, 30, 10), figures(300, 0, 300, 3), false);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(
      /^its server fallback rate is 33\.3% \(10 of 30\) against the stable release's 1\.0% \(3 of 300\): worse by more than 5\.0 points/,
    );
  });

  it('waits on a marginal canary: worse than the stable release, not yet shown worse beyond the tolerance', () => {
    const verdict = judgeCanary(figures(60, 5, 60, 0), figures(300, 3, 300, 0), false);
    expect(verdict).toEqual({
      kind: 'wait',
      why: '60 pages sent with it, 60 verified page views and 60 server renders of it so far; nothing shown worse at 95.0% confidence (Newcombe–Wilson interval of the difference)',
    });
  });

  it('waits below the minimum sample, however bad its first views look', () => {
    // One erred view of two: at 95% the interval alone would already call it worse.
    expect(judgeCanary(figures(2, 1), figures(60, 0), false).kind).toBe('wait');
    const policy = { ...DEFAULT_POLICY, minViews: 40 };
    // 4 erred of 9: shown worse, but 9 views are under a quarter of 40.
    expect(judgeCanary(figures(9, 4), figures(200, 0), false, policy).kind).toBe('wait');
    expect(judgeCanary(figures(10, 4), figures(200, 0), false, policy).kind).toBe('roll back');
  });

  it('is promoted at the window end only when both rates are shown no worse, on enough views', () => {
    const verdict = judgeCanary(figures(80, 0, 80, 0), figures(300, 1, 300, 0), true);
    expect(verdict.kind).toBe('promote');
    expect(verdict.why).toMatch(
      /^over 80 page views and 80 server renders it is shown no worse than the stable release by 5\.0 points at 95\.0% confidence/,
    );
  });

  it('keeps waiting with nothing worse before the window ends', () => {
    expect(judgeCanary(figures(500, 0, 500, 0), figures(4000, 0, 4000, 0), false).kind).toBe(
      'wait',
    );
  });

  it('tolerates a rate a little above the stable one, given the evidence', () => {
    expect(judgeCanary(figures(400, 8), figures(400, 4), true).kind).toBe('promote');
  });

  it('is rolled back as not shown sound when the window ends on too little clean evidence', () => {
    // 25 clean views: the canary could still be 9.8 points worse than the stable release.
    const verdict = judgeCanary(figures(25, 0, 25, 0), figures(200, 1, 200, 0), true);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(
      /^not shown sound: its server fallback rate is 0\.0% \(0 of 25\) against the stable release's 0\.0% \(0 of 200\), and could be up to \d+\.\d points worse at 95\.0% confidence .*; 25 pages sent with it, 25 verified page views and 25 server renders of it were not enough evidence$/,
    );
  });

  it('is rolled back when the window ends without the minimum of views to promote it', () => {
    const verdict = judgeCanary(figures(3, 0), figures(30, 0), true);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(/^not shown sound: only 3 verified page views/);
  });
});

describe('issue 48: three late slots on a loaded machine', () => {
  it('no longer roll a sound canary back: it waits, then is promoted on enough clean evidence', () => {
    // The run of issue 48: 3 of the canary's 42 server renders sent late, none of ~100 stable.
    const early = judgeCanary(figures(42, 0, 42, 3), figures(100, 0, 100, 0), false);
    expect(early.kind).toBe('wait');
    // The window runs on, and the canary's renders are clean from then on.
    const over = judgeCanary(figures(240, 0, 240, 3), figures(600, 0, 600, 0), true);
    expect(over.kind).toBe('promote');
    expect(over.why).toContain('server fallback rate 1.3% (3 of 240) against 0.0% (0 of 600)');
  });

  it('one page whose three slots came late is not every render failing, even as its first page', () => {
    const verdict = judgeCanary(figures(1, 0, 3, 3, 1), figures(100, 0, 300, 0), false);
    expect(verdict.kind).toBe('wait');
    // Nor is one page of three slots, one late, the minimum sample of its fallback rate.
    expect(judgeCanary(figures(1, 0, 3, 1, 1), figures(54, 0, 54, 0), false).kind).toBe('wait');
  });

  it('and the same three renders are not enough to promote it when the window ends there', () => {
    const verdict = judgeCanary(figures(42, 0, 42, 3), figures(100, 0, 100, 0), true);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(/^not shown sound: its server fallback rate is 7\.1% \(3 of 42\)/);
  });
});

describe('the fast path, for the unambiguous only', () => {
  it('rolls back at once when every one of its server renders falls back', () => {
    const verdict = judgeCanary(figures(0, 0, 9, 9, 3), figures(60, 0, 60, 1), false);
    expect(verdict).toEqual({
      kind: 'roll back',
      why: "every one of its 9 server renders fell back, against the stable release's 1.7% (1 of 60)",
    });
  });

  it('rolls back at once when every verified view of it erred', () => {
    const verdict = judgeCanary(figures(3, 3), figures(60, 0), false, {
      ...DEFAULT_POLICY,
      minViews: 100,
    });
    expect(verdict.why).toBe(
      "every one of its 3 verified views erred, against the stable release's 0.0% (0 of 60)",
    );
  });

  it('needs at least three, and a stable release that mostly does not fail too', () => {
    expect(judgeCanary(figures(2, 2), figures(60, 0), false).kind).toBe('wait');
    const bothFailing = judgeCanary(figures(3, 3), figures(60, 50), false);
    expect(bothFailing.kind).toBe('wait');
  });
});

describe("the page servers' evidence over the browser's (decision 034)", () => {
  it('rolls a canary back for its server fallbacks, whatever clean views the browsers report', () => {
    const verdict = judgeCanary(figures(500, 0, 20, 10), figures(500, 0, 200, 2), false);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(/^its server fallback rate is 50\.0% \(10 of 20\)/);
  });

  it('weighs a view that erred once, however many errors it reported', () => {
    const canary = { ...figures(400, 1), errors: 500 };
    expect(judgeCanary(canary, figures(400, 0), true).kind).toBe('promote');
  });

  it('never promotes on views the page servers sent no pages for', () => {
    // Row 10's second decision: 21 beacons of 32 clean views each, and no page behind them.
    const verdict = judgeCanary(figures(672, 0, 0, 0, 0), figures(300, 0, 300, 0), true);
    expect(verdict).toEqual({
      kind: 'roll back',
      why: 'not shown sound: the page servers sent only 0 pages with it in the window (at least 20 are needed to promote)',
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
  const policy = { ...DEFAULT_POLICY, minViews: 4 };
  let root: string;
  let app: StaticServer;
  let rum: RumEndpoint;
  let metrics: PageMetrics;

  const scrape = async () => parseMetrics(await metrics.registry.metrics());
  const judge = async (windowOver: boolean) => {
    // A fresh page server's registry: all it counted is this test's window.
    const window = await scrape();
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
    expect(verdict.why).toMatch(
      /^its error rate is 50\.0% \(4 of 8\) against the stable release's 0\.0% \(0 of 16\): worse by more than/,
    );
  });
});
