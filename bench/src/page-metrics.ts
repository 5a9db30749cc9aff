import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Lighthouse's mobile profile, applied through DevTools: a slow 4G link and a 4× slower CPU. */
export const PHONE_PROFILE = {
  viewport: { width: 390, height: 844 },
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export interface TypeFigures {
  count: number;
  /** Bytes on the wire, headers included, as the server sent them. */
  transferred: number;
  /** The decoded bodies, and what they weigh at gzip -9 and brotli 11. */
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FileFigures {
  url: string;
  transferred: number;
  gzip: number;
}

export interface PageFigures {
  /** Every script and stylesheet, largest first, to see where the bytes go. */
  files: FileFigures[];
  js: TypeFigures;
  css: TypeFigures;
  requests: number;
  origins: number;
  /** Requests, one after another, after the HTML arrived and before the figures painted. */
  roundTrips: number;
  /** Those requests, in order. */
  chain: string[];
  /** Each layout shift's elements, to trace CLS to what moved. */
  shifted: string[];
  /** The element of the last largest-contentful-paint entry: what LCP measured. */
  lcpElement: string;
  figuresMs: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * The slowest of three presses of Page Up on the calculator's slider, once the page is idle:
   * from the key to the next paint (Event Timing, as INP counts it); under 16 ms is reported 0.
   */
  keyboardMs: number;
  /**
   * The scripts those presses fetched (gzip): code the page left for its first use. The figures
   * above are the first load's, read before the first press, as the e2e budget reads them.
   */
  firstKeyJs: { count: number; gzip: number };
}

interface RequestRecord {
  url: string;
  type: string;
  start: number;
  end?: number;
  transferred: number;
  failed?: boolean;
}

/**
 * What runs in the page before any of its scripts: paint, layout-shift and long-task
 * observers, and the moment the calculator's monthly payment first shows a figure.
 */
function observePage() {
  const state = {
    fcp: 0,
    lcp: 0,
    figures: 0,
    shifts: [] as [number, number][],
    shifted: [] as string[],
    lcpElement: '',
    longTasks: [] as [number, number][],
    interactions: [] as number[],
  };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
      state.lcp = entry.startTime;
      const node = entry.element;
      state.lcpElement = node
        ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')} "${(node.textContent ?? '').slice(0, 40)}"`
        : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      state.shifts.push([entry.startTime, entry.value]);
      // What moved, so a shift can be traced to its element.
      for (const source of entry.sources ?? []) {
        const node = source.node;
        if (!(node instanceof Element)) continue;
        const name = `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
        state.shifted.push(
          `${entry.value.toFixed(4)} ${name} "${(node.textContent ?? '').slice(0, 40)}"`,
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId) state.interactions.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const figuresShown = () =>
    Array.from(document.querySelectorAll('output')).some((node) =>
      /\d/.test(node.textContent ?? ''),
    );
  const observer = new MutationObserver(() => {
    if (state.figures || !figuresShown()) return;
    // The frame after the DOM change is when the figures are on screen.
    requestAnimationFrame(() => {
      state.figures = performance.now();
    });
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

type PageState = {
  shifted: string[];
  lcpElement: string;
  fcp: number;
  lcp: number;
  figures: number;
  shifts: [number, number][];
  longTasks: [number, number][];
  interactions: number[];
};

/** CLS as Lighthouse counts it: the worst session window (gaps under 1 s, at most 5 s long). */
export function cumulativeLayoutShift(shifts: [number, number][]): number {
  let worst = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  let sum = 0;
  for (const [time, value] of shifts) {
    if (time - last > 1000 || time - windowStart > 5000) {
      windowStart = time;
      sum = 0;
    }
    sum += value;
    last = time;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/** Total blocking time: every long task's time over 50 ms, from first paint on. */
export function totalBlockingTime(longTasks: [number, number][], fcp: number): number {
  return longTasks
    .filter(([start]) => start >= fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
}

/**
 * The longest chain of requests that each began only after the one before it had finished,
 * counted from the end of the HTML to the calculator's call: what a slow link pays one
 * round trip for each.
 */
export function sequentialRoundTrips(
  requests: { start: number; end?: number; url: string }[],
  htmlEnd: number,
  until: number,
  target: RegExp,
): { count: number; chain: string[] } {
  const relevant = requests
    .filter((request) => request.start >= htmlEnd && request.end !== undefined)
    .filter((request) => (request.end ?? Infinity) <= until)
    .sort((a, b) => a.start - b.start);
  type Step = { depth: number; previous?: (typeof relevant)[number] };
  const steps = new Map<(typeof relevant)[number], Step>();
  for (const request of relevant) {
    let best: Step = { depth: 1 };
    for (const earlier of relevant) {
      if (earlier === request) break;
      const before = steps.get(earlier);
      if (before && (earlier.end ?? Infinity) <= request.start && before.depth + 1 > best.depth) {
        best = { depth: before.depth + 1, previous: earlier };
      }
    }
    steps.set(request, best);
  }
  const targets = relevant.filter((request) => target.test(request.url));
  const pool = targets.length > 0 ? targets : relevant;
  let last = pool.reduce<(typeof relevant)[number] | undefined>(
    (deepest, request) =>
      !deepest || (steps.get(request)?.depth ?? 0) > (steps.get(deepest)?.depth ?? 0)
        ? request
        : deepest,
    undefined,
  );
  const chain: string[] = [];
  while (last) {
    chain.unshift(last.url);
    last = steps.get(last)?.previous;
  }
  return { count: chain.length, chain };
}

async function compressedSizes(body: Buffer): Promise<{ gzip: number; brotli: number }> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  return { gzip: gz.length, brotli: br.length };
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBytesPerSecond,
    uploadThroughput: PHONE_PROFILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
}

/**
 * Resolves once every request has ended and none has begun or ended for `quietMs`: the page has
 * loaded all it loads without a reader's input. Gives up after 30 s (a request left open, as
 * a long poll would be), so a page that never settles is measured as it stands.
 */
async function networkQuiet(
  requests: Map<string, RequestRecord>,
  lastEvent: () => number,
  quietMs: number,
): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const open = [...requests.values()].some((request) => !request.end && !request.failed);
    if ((!open && Date.now() - lastEvent() >= quietMs) || Date.now() > giveUpAt) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const roundTrips = ({ count, chain }: { count: number; chain: string[] }) => ({
  roundTrips: count,
  chain,
});

const emptyType = (): TypeFigures => ({ count: 0, transferred: 0, raw: 0, gzip: 0, brotli: 0 });

/** Loads `url` once with a cold cache in a fresh context and measures it. */
export async function measurePage(
  browser: Browser,
  url: string,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<PageFigures> {
  const context = await browser.newContext({ viewport: PHONE_PROFILE.viewport });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    // tsx names functions through an `__name` helper that the page does not have.
    await page.addInitScript({ content: `var __name = (f) => f; (${observePage.toString()})();` });
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);

    const requests = new Map<string, RequestRecord>();
    const bodies: Promise<void>[] = [];
    const figures = { js: emptyType(), css: emptyType() };
    const files: FileFigures[] = [];
    let lastNetworkEvent = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastNetworkEvent = Date.now();
      requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        start: event.timestamp,
        transferred: 0,
      });
    });
    cdp.on('Network.loadingFailed', (event) => {
      lastNetworkEvent = Date.now();
      const record = requests.get(event.requestId);
      if (record) record.failed = true;
    });
    cdp.on('Network.loadingFinished', (event) => {
      lastNetworkEvent = Date.now();
      const record = requests.get(event.requestId);
      if (!record) return;
      record.end = event.timestamp;
      record.transferred = event.encodedDataLength;
      const kind = record.type === 'Script' ? 'js' : record.type === 'Stylesheet' ? 'css' : null;
      if (!kind) return;
      bodies.push(
        cdp
          .send('Network.getResponseBody', { requestId: event.requestId })
          .then(async ({ body, base64Encoded }) => {
            const buffer = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
            const sizes = await compressedSizes(buffer);
            const entry = figures[kind];
            entry.count += 1;
            entry.transferred += event.encodedDataLength;
            entry.raw += buffer.length;
            entry.gzip += sizes.gzip;
            entry.brotli += sizes.brotli;
            files.push({ url: record.url, transferred: event.encodedDataLength, gzip: sizes.gzip });
          })
          .catch(() => undefined),
      );
    });

    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { __bench: PageState }).__bench.figures > 0,
      undefined,
      {
        timeout: 60_000,
      },
    );
    // Let late work (prefetches, the slider's images, long tasks) land before reading. Playwright's
    // idle (500 ms without a request) came while a 4× slower CPU was hydrating a customer's page,
    // before their loans' slots asked for their code: those scripts went uncounted in some runs
    // (decision 031). Quiet means every request answered and none begun for 1.5 s.
    await page.waitForLoadState('networkidle');
    await networkQuiet(requests, () => lastNetworkEvent, 1_500);
    // The first load is what came before anyone touched the page.
    await Promise.all(bodies);
    const firstLoad = {
      files: [...files],
      js: { ...figures.js },
      css: { ...figures.css },
      requests: [...requests.values()],
    };
    // The customer moves the amount with the keyboard: each press must paint its answer soon.
    const slider = page.getByRole('slider').first();
    await slider.focus();
    for (let press = 0; press < 3; press += 1) {
      await slider.press('PageUp');
      // Two frames: the press's paint, and the Event Timing entry reported after it.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
          ),
      );
    }
    const state = await page.evaluate(() => (window as unknown as { __bench: PageState }).__bench);
    // What the presses fetched, once it has all come.
    await networkQuiet(requests, () => lastNetworkEvent, 1_500);
    await Promise.all(bodies);

    const all = firstLoad.requests.filter((request) => !request.url.startsWith('data:'));
    const documentRequest = all.find((request) => request.type === 'Document');
    if (!documentRequest?.end) throw new Error(`${url}: the document never finished loading`);
    // Page time (performance.now) starts at navigation, which is when the document was asked for.
    const figuresAt = documentRequest.start + state.figures / 1000;
    return {
      files: firstLoad.files.sort((a, b) => b.gzip - a.gzip),
      js: firstLoad.js,
      css: firstLoad.css,
      requests: all.length,
      origins: new Set(all.map((request) => new URL(request.url).origin)).size,
      ...roundTrips(
        sequentialRoundTrips(all, documentRequest.end, figuresAt, /\/api\/loan\/calculator/),
      ),
      shifted: state.shifted,
      lcpElement: state.lcpElement,
      figuresMs: state.figures,
      fcpMs: state.fcp,
      lcpMs: state.lcp,
      cls: cumulativeLayoutShift(state.shifts),
      tbtMs: totalBlockingTime(state.longTasks, state.fcp),
      keyboardMs: Math.max(0, ...state.interactions),
      firstKeyJs: {
        count: figures.js.count - firstLoad.js.count,
        gzip: figures.js.gzip - firstLoad.js.gzip,
      },
    };
  } finally {
    await context.close();
  }
}
