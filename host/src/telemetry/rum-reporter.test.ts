import {
  HOST_RELEASE,
  RUM_MAX_BEACONS_PER_VIEW,
  RUM_MAX_EVENTS,
  type RumEvent,
  VIEW_TOKEN_META,
} from 'release-contract/rum-events';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { onCLS, onINP, onLCP } from 'web-vitals/attribution';
import { captureBeacons } from '../testing/capture-beacons';
import { reportRum, startRum } from './rum-reporter';

// The server's byte limit, made smaller where a test says so (a real beacon rarely reaches it).
const limits = vi.hoisted(() => ({ bytes: undefined as number | undefined }));
vi.mock('release-contract/rum-events', async (importOriginal) => {
  const actual = await importOriginal<typeof import('release-contract/rum-events')>();
  return {
    ...actual,
    get RUM_MAX_BYTES() {
      return limits.bytes ?? actual.RUM_MAX_BYTES;
    },
  };
});

vi.mock('web-vitals/attribution', () => ({ onLCP: vi.fn(), onINP: vi.fn(), onCLS: vi.fn() }));

const HOME_RELEASE = 'abc123def456';
const remotes: RuntimeConfig['remotes'] = [
  {
    name: 'remote_home',
    manifestUrl: `https://cdn.lender.ge/home/releases/${HOME_RELEASE}/mf-manifest.json`,
  },
  { name: 'remote_loans', manifestUrl: 'http://localhost:3003/mf-manifest.json' },
];

const host = { slice: 'host', release: HOST_RELEASE } as const;
const home = { slice: 'remote_home', release: HOME_RELEASE } as const;
const loans = { slice: 'remote_loans', release: 'dev' } as const;

function start(sampleRate = 1, route = () => 'index') {
  startRum({ remotes, sampleRate, route });
}

const cls = (value: number): RumEvent => ({ type: 'vital', name: 'CLS', value, ...host });

function errorWithStack(frames: string[]): Error {
  const error = new Error('boom');
  error.stack = ['Error: boom', ...frames.map((frame) => `    at f (${frame}:1:10)`)].join('\n');
  return error;
}

describe('the page’s real-user signals', () => {
  const page = captureBeacons();

  beforeEach(() => {
    // Before, not after: a page's import of web-vitals may settle between the hooks after it.
    vi.mocked(onLCP).mockClear();
    vi.mocked(onINP).mockClear();
    vi.mocked(onCLS).mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
    limits.bytes = undefined;
  });

  it('sends one beacon a second after the first event, with the page’s route', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    start(1, () => 'complaints');
    reportRum({ type: 'view', ...home });
    vi.advanceTimersByTime(500);
    reportRum({ type: 'error', kind: 'slot', ...home });
    vi.advanceTimersByTime(499);
    expect(page.sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    expect(page.sendBeacon).toHaveBeenCalledWith('/rum', expect.any(String));
    expect(page.beacons()).toEqual([
      {
        v: 1,
        route: 'complaints',
        events: [
          { type: 'view', ...home },
          { type: 'error', kind: 'slot', ...home },
        ],
      },
    ]);
  });

  it('sends what is queued at once when the page is hidden or left', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    start();
    reportRum({ type: 'view', ...home });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(page.events()).toEqual([{ type: 'view', ...home }]);
    visibility.mockRestore();
    reportRum({ type: 'view', ...loans });
    page.leave();
    expect(page.beacons()).toHaveLength(2);
    expect(page.events()).toEqual([
      { type: 'view', ...home },
      { type: 'view', ...loans },
    ]);
    // Nothing is left for the timer.
    vi.runAllTimers();
    expect(page.beacons()).toHaveLength(2);
  });

  it('keeps what it has while the page is offline, and sends it once it is back online', () => {
    start();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportRum({ type: 'view', ...home });
    page.leave();
    expect(page.beacons()).toEqual([]);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(page.events()).toEqual([{ type: 'view', ...home }]);
    online.mockRestore();
  });

  it('sends nothing, and loads no Web Vitals code, on a page load not sampled', async () => {
    start(0);
    reportRum({ type: 'view', ...home });
    window.dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', {
        promise: Promise.resolve(),
        reason: new Error('boom'),
      }),
    );
    page.leave();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(onLCP).not.toHaveBeenCalled();
  });

  it('samples a page load by the configured share, once', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.7);
    start(0.5);
    random.mockReturnValue(0.1);
    // A second start does not draw again.
    start(0.5);
    reportRum({ type: 'view', ...home });
    page.leave();
    expect(page.sendBeacon).not.toHaveBeenCalled();
  });

  it('splits a page’s events into beacons of at most RUM_MAX_EVENTS', () => {
    start();
    for (let index = 0; index < 70; index += 1) reportRum(cls(index / 100));
    page.leave();
    expect(page.beacons().map((beacon) => beacon.events.length)).toEqual([
      RUM_MAX_EVENTS,
      RUM_MAX_EVENTS,
      70 - 2 * RUM_MAX_EVENTS,
    ]);
    expect(page.events().map((event) => (event.type === 'vital' ? event.value : -1))).toEqual(
      Array.from({ length: 70 }, (_, index) => index / 100),
    );
  });

  it('keeps each beacon within RUM_MAX_BYTES, dropping only an event that alone is over', () => {
    limits.bytes = 300;
    start();
    for (let index = 0; index < 10; index += 1) reportRum(cls(index / 100));
    page.leave();
    expect(page.beacons().length).toBeGreaterThan(2);
    for (const body of page.bodies) expect(new TextEncoder().encode(body).length).toBeLessThan(301);
    expect(page.events()).toHaveLength(10);

    page.bodies.length = 0;
    limits.bytes = 60;
    reportRum(cls(0.5));
    page.leave();
    expect(page.bodies).toEqual([]);
  });

  it('sends at most 200 events a page load, and the same error at most 5 times', () => {
    start();
    for (let index = 0; index < 12; index += 1) {
      reportRum({ type: 'error', kind: 'uncaught', ...home });
      reportRum({ type: 'view', ...home });
    }
    reportRum({ type: 'error', kind: 'uncaught', ...loans });
    for (let index = 0; index < 300; index += 1) reportRum(cls(0.01));
    page.leave();
    const events = page.events();
    expect(events).toHaveLength(200);
    expect(events.slice(0, 7)).toEqual([
      { type: 'error', kind: 'uncaught', ...home },
      { type: 'view', ...home },
      { type: 'error', kind: 'uncaught', ...home },
      { type: 'error', kind: 'uncaught', ...home },
      { type: 'error', kind: 'uncaught', ...home },
      { type: 'error', kind: 'uncaught', ...home },
      { type: 'error', kind: 'uncaught', ...loans },
    ]);
  });

  describe("the page view's token (decision 034)", () => {
    const TOKEN = `${'eyJpZCI6IjEyMyJ9'}.${'A'.repeat(43)}`;
    let meta: HTMLMetaElement;

    beforeEach(() => {
      meta = document.createElement('meta');
      meta.name = VIEW_TOKEN_META;
      meta.content = TOKEN;
      document.head.append(meta);
    });

    afterEach(() => meta.remove());

    it('sends each beacon with the token the page server sent the page with', () => {
      start();
      reportRum({ type: 'view', ...home });
      page.leave();
      reportRum(cls(0.01));
      page.leave();
      expect(page.sendBeacon.mock.calls.map(([url]) => url)).toEqual([
        `/rum?view=${TOKEN}`,
        `/rum?view=${TOKEN}`,
      ]);
    });

    it('sends without one when the page has none, or one that is not a token', () => {
      meta.content = 'x"><script>';
      start();
      reportRum({ type: 'view', ...home });
      page.leave();
      expect(page.sendBeacon).toHaveBeenCalledWith('/rum', expect.any(String));
    });

    it("sends no more beacons than the view's budget", () => {
      start();
      for (let index = 0; index < RUM_MAX_BEACONS_PER_VIEW + 5; index += 1) {
        reportRum(cls(index / 1000));
        page.leave();
      }
      expect(page.sendBeacon).toHaveBeenCalledTimes(RUM_MAX_BEACONS_PER_VIEW);
    });
  });

  it('attributes an uncaught error to the remote of the first frame a remote owns', () => {
    start();
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: errorWithStack([
          'http://localhost:3000/static/js/main.js',
          `https://cdn.lender.ge/home/releases/${HOME_RELEASE}/static/js/451.js`,
          'http://localhost:3003/static/js/12.js',
        ]),
      }),
    );
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: errorWithStack(['http://localhost:3000/static/js/main.js']),
        filename: 'http://localhost:3000/static/js/main.js',
      }),
    );
    // No stack (another origin's "Script error."), but the script's address.
    window.dispatchEvent(
      new ErrorEvent('error', { filename: 'http://localhost:3003/remoteEntry.js' }),
    );
    // Another release's folder is not this one's.
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: errorWithStack(['https://cdn.lender.ge/home/releases/000000000000/static/js/1.js']),
      }),
    );
    page.leave();
    expect(page.events()).toEqual([
      { type: 'error', kind: 'uncaught', ...home },
      { type: 'error', kind: 'uncaught', ...host },
      { type: 'error', kind: 'uncaught', ...loans },
      { type: 'error', kind: 'uncaught', ...host },
    ]);
  });

  it('attributes an unhandled rejection by its reason’s stack', () => {
    start();
    const rejection = (reason: unknown) =>
      new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason });
    window.dispatchEvent(rejection(errorWithStack(['http://localhost:3003/static/js/7.js'])));
    window.dispatchEvent(rejection('not an error'));
    page.leave();
    expect(page.events()).toEqual([
      { type: 'error', kind: 'rejection', ...loans },
      { type: 'error', kind: 'rejection', ...host },
    ]);
  });

  it('counts a script or style sheet that did not load as a chunk of whoever serves it', () => {
    start();
    const script = document.createElement('script');
    script.src = `https://cdn.lender.ge/home/releases/${HOME_RELEASE}/static/js/451.js`;
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = 'http://localhost:3000/static/css/page-recovery.css';
    document.head.append(script, sheet);
    // A resource's error does not bubble: the page sees it in the capture phase.
    script.dispatchEvent(new Event('error'));
    sheet.dispatchEvent(new Event('error'));
    // An image that did not load is not a chunk.
    const image = document.createElement('img');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    page.leave();
    script.remove();
    sheet.remove();
    image.remove();
    expect(page.events()).toEqual([
      { type: 'error', kind: 'chunk', ...home },
      { type: 'error', kind: 'chunk', ...host },
    ]);
  });

  it('falls back to a keepalive fetch when the beacon is not queued, and ignores its failure', async () => {
    page.sendBeacon.mockReturnValue(false);
    const fetch = vi.fn().mockRejectedValue(new TypeError('offline'));
    vi.stubGlobal('fetch', fetch);
    try {
      start();
      reportRum({ type: 'view', ...home });
      page.leave();
      expect(fetch).toHaveBeenCalledWith('/rum', {
        method: 'POST',
        body: JSON.stringify({ v: 1, route: 'index', events: [{ type: 'view', ...home }] }),
        keepalive: true,
        headers: { 'content-type': 'text/plain' },
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      vi.unstubAllGlobals();
      page.sendBeacon.mockImplementation((_url, body) => {
        page.bodies.push(body);
        return true;
      });
    }
  });

  describe('Web Vitals', () => {
    async function registered() {
      start();
      await vi.waitFor(() => expect(onCLS).toHaveBeenCalled());
      const [lcp, lcpOptions] = vi.mocked(onLCP).mock.calls[0] ?? [];
      const [inp, inpOptions] = vi.mocked(onINP).mock.calls[0] ?? [];
      const [shift] = vi.mocked(onCLS).mock.calls[0] ?? [];
      if (!lcp || !inp || !shift || !lcpOptions?.generateTarget) throw new Error('not registered');
      return { lcp, inp, shift, target: lcpOptions.generateTarget, inpOptions };
    }

    function slotRoot(slice: string, release: string): HTMLElement {
      const root = document.createElement('div');
      root.setAttribute('data-slice', slice);
      root.setAttribute('data-release', release);
      root.innerHTML = '<section><p>ტექსტი</p></section>';
      document.body.append(root);
      return root;
    }

    afterEach(() => document.body.replaceChildren());

    it('names the slice and release of the slot an element is in, else the host', async () => {
      const { target } = await registered();
      const text = slotRoot('remote_home', HOME_RELEASE).querySelector('p');
      expect(target(text)).toBe(`remote_home@${HOME_RELEASE}`);
      expect(target(text?.firstChild ?? null)).toBe(`remote_home@${HOME_RELEASE}`);
      expect(target(document.body)).toBe('host');
      expect(target(null)).toBe('host');
      // Attributes a page's own markup could carry are checked, not trusted.
      expect(target(slotRoot('evil', HOME_RELEASE).querySelector('p'))).toBe('host');
      expect(target(slotRoot('remote_home', 'x" onload="').querySelector('p'))).toBe('host');
    });

    it('reports LCP, INP and CLS attributed to the element’s slice, INP only as it grows', async () => {
      const { lcp, inp, shift, target, inpOptions } = await registered();
      const inSlot = target(slotRoot('remote_loans', 'dev').querySelector('p'));
      const metric = (value: number, attribution: Record<string, unknown>) =>
        ({ value, attribution }) as never;
      lcp(metric(2345.6, { target: inSlot }));
      lcp(metric(70_000, { target: inSlot }));
      inp(metric(120, { interactionTarget: 'host' }));
      inp(metric(120, { interactionTarget: 'host' }));
      inp(metric(360.2, { interactionTarget: inSlot }));
      // A selector of web-vitals' own (no node to name) is the host's.
      shift(metric(0.123_456, { largestShiftTarget: 'main>div.slider' }));
      expect(inpOptions).toMatchObject({ reportAllChanges: true });
      page.leave();
      expect(page.events()).toEqual([
        { type: 'vital', name: 'LCP', value: 2346, ...loans },
        { type: 'vital', name: 'INP', value: 120, ...host },
        { type: 'vital', name: 'INP', value: 360, ...loans },
        { type: 'vital', name: 'CLS', value: 0.123, ...host },
      ]);
    });
  });
});
