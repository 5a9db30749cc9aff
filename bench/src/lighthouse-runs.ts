import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export interface LighthouseFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export type FormFactor = 'mobile' | 'desktop';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One Lighthouse performance run in a fresh Chromium profile (a cold cache each time). */
async function runOnce(url: string, formFactor: FormFactor, chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
    } satisfies LighthouseFigures;
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse 12 sometimes loses the navigation's start in Chromium 156's trace (NO_NAVSTART, seen
 * about once in twenty runs here): a run that fails so is run again, at most twice, and said so.
 */
async function runSettled(
  url: string,
  formFactor: FormFactor,
  chromePath: string,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, formFactor, chromePath);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 3 || !/NO_NAVSTART/.test(message)) throw error;
      console.warn(`  Lighthouse ${formFactor} run failed (${message}); running it again`);
    }
  }
}

/** The median of `runs` Lighthouse runs, figure by figure, and every run's score. */
export async function lighthouseMedians(
  url: string,
  formFactor: FormFactor,
  runs: number,
  chromePath: string,
): Promise<LighthouseFigures & { scores: number[] }> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await runSettled(url, formFactor, chromePath));
  const pick = (key: keyof LighthouseFigures) => median(results.map((result) => result[key]));
  return {
    performance: pick('performance'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    speedIndexMs: pick('speedIndexMs'),
    scores: results.map((result) => result.performance),
  };
}
