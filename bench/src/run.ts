/**
 * `pnpm bench`: builds the product federated (the real thing) and as a monolith of the same
 * modules, serves both as `pnpm start` serves, loads `/` as a phone would (390×844, slow 4G,
 * 4× CPU) for a visitor and for a logged-in customer, runs Lighthouse on both (the monolith
 * on a phone only), prints the figures and writes them to a JSON file. It prints; it asserts
 * nothing.
 *
 *   pnpm bench [--skip-build] [--runs 3] [--lighthouse-runs 3] [--no-lighthouse]
 *              [--out bench/results/latest.json] [--compare bench/results/main.json]
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium } from '@playwright/test';
import { HOST_APP, portOf, REMOTE_APPS, SANDBOX_APP } from 'release-contract/apps';
import { asBrowserCookies, customerSession } from './customer-session';
import { lighthouseMedians } from './lighthouse-runs';
import { measurePage, type PageFigures, PHONE_PROFILE } from './page-metrics';
import { type BenchResult, printReport, type Who } from './report';
import { untilServerRendered } from './server-rendered';
import { run, startFederated, startMonolith, WORKSPACE_ROOT } from './servers';

const { values: args } = parseArgs({
  // `pnpm bench -- --flag` passes the separator through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(WORKSPACE_ROOT, 'bench/results/latest.json') },
    compare: { type: 'string' },
  },
});

/** Paths on the command line are read from where `pnpm bench` was typed. */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const outFile = fromCaller(args.out);
const baseline = args.compare
  ? (JSON.parse(readFileSync(fromCaller(args.compare), 'utf8')) as BenchResult)
  : undefined;

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const MONOLITH_PORT = Number(process.env.BENCH_MONOLITH_PORT ?? 3100);
const FEDERATED_URL = `http://localhost:${portOf(HOST_APP)}/`;
const MONOLITH_URL = `http://localhost:${MONOLITH_PORT}/`;
const SANDBOX_URL = `http://127.0.0.1:${portOf(SANDBOX_APP)}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Field by field, the median of several loads (JavaScript sizes barely move between runs). */
function medianFigures(runs: PageFigures[]): PageFigures {
  const first = runs[0];
  if (!first) throw new Error('no runs');
  const pick = <T>(read: (figures: PageFigures) => number) => median(runs.map(read)) as T;
  const types = (kind: 'js' | 'css') => ({
    count: pick<number>((r) => r[kind].count),
    transferred: pick<number>((r) => r[kind].transferred),
    raw: pick<number>((r) => r[kind].raw),
    gzip: pick<number>((r) => r[kind].gzip),
    brotli: pick<number>((r) => r[kind].brotli),
  });
  return {
    files: first.files,
    chain: first.chain,
    shifted: first.shifted,
    lcpElement: first.lcpElement,
    js: types('js'),
    css: types('css'),
    requests: pick((r) => r.requests),
    origins: pick((r) => r.origins),
    roundTrips: pick((r) => r.roundTrips),
    figuresMs: pick((r) => r.figuresMs),
    fcpMs: pick((r) => r.fcpMs),
    lcpMs: pick((r) => r.lcpMs),
    cls: pick((r) => r.cls),
    tbtMs: pick((r) => r.tbtMs),
    keyboardMs: pick((r) => r.keyboardMs),
    firstKeyJs: { count: pick((r) => r.firstKeyJs.count), gzip: pick((r) => r.firstKeyJs.gzip) },
  };
}

async function customerCookie(url: string) {
  const cookies = asBrowserCookies(await customerSession(url), url);
  return async (context: BrowserContext) => {
    await context.addCookies(cookies);
  };
}

async function measure(url: string, runs: number): Promise<Record<Who, PageFigures>> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const result = {} as Record<Who, PageFigures>;
    for (const who of ['visitor', 'customer'] as const) {
      const loads: PageFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const prepare = who === 'customer' ? await customerCookie(url) : undefined;
        loads.push(await measurePage(browser, url, prepare));
      }
      result[who] = medianFigures(loads);
    }
    return result;
  } finally {
    await browser.close();
  }
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: WORKSPACE_ROOT });
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: WORKSPACE_ROOT });
    return `${commit.toString().trim()}${dirty.length > 0 ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const runs = Number(args.runs);
  const lighthouseRuns = Number(args['lighthouse-runs']);
  if (!args['skip-build']) {
    console.info('building the federated product (pnpm build) …');
    await run('pnpm', ['build']);
    console.info('building the monolith (bench/rspack.monolith.config.ts) …');
    await run('pnpm', ['--filter', 'bench', 'build:monolith']);
  }

  console.info('serving as pnpm start does, with the sandbox as the provider …');
  const stopFederated = await startFederated([
    `${SANDBOX_URL}/api/cms/slider/`,
    FEDERATED_URL,
    ...REMOTE_APPS.map((remote) => `http://localhost:${portOf(remote)}/mf-manifest.json`),
  ]);
  const stopMonolith = await startMonolith(
    path.join(WORKSPACE_ROOT, 'bench/dist/monolith'),
    MONOLITH_PORT,
  );
  try {
    // A running server's pages, not its first seconds' (server-rendered.ts).
    await untilServerRendered(FEDERATED_URL.replace(/\/$/, ''));
    console.info(`loading / ${runs}× per case at 390×844, slow 4G, 4× CPU …`);
    const federated = await measure(FEDERATED_URL, runs);
    const monolith = await measure(MONOLITH_URL, runs);
    const result: BenchResult = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      profile: PHONE_PROFILE,
      pages: { federated, monolith },
    };
    if (!args['no-lighthouse']) {
      console.info(`Lighthouse, ${lighthouseRuns} runs each: federated, then the monolith …`);
      result.lighthouse = {
        mobile: await lighthouseMedians(FEDERATED_URL, 'mobile', lighthouseRuns, chromePath),
        desktop: await lighthouseMedians(FEDERATED_URL, 'desktop', lighthouseRuns, chromePath),
        monolithMobile: await lighthouseMedians(MONOLITH_URL, 'mobile', lighthouseRuns, chromePath),
      };
    }
    printReport(result, baseline);
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
    console.info(`\nwritten to ${outFile}`);
  } finally {
    await stopMonolith();
    await stopFederated();
  }
}

await main();
