/**
 * `pnpm --filter bench load`: the host's page server under a steady load (decision 020). It
 * serves the product as `pnpm start` does (sandbox as provider), then sends an open-loop
 * 100 page requests a second for 60 s (`open-loop.ts`: evenly spaced, each timed from when it
 * was due) — a mix of `/`, `/?amount=…&term=…` and `/static`, every other one as a visitor and
 * as a logged-in customer (issue 29: their page rendered with their figures, the sandbox asked
 * with their session) — and prints the time to the first and the last byte (p50/p90/p95/p99),
 * the customers' own, errors, and the host's memory before,
 * during and after; then 10 000 renders as fast as the server answers (autocannon, closed
 * loop), with its memory at each 2 000. The host's memory is its own process's and its render
 * workers' (the host's and each slice's, decision 032), each said apart.
 *
 * With `--looping-slice`, a second open loop runs as long as the first, and 2 s into it a
 * release of remote-home whose slider never stops rendering on the server is rolled out
 * (looping-release.ts): its time to first byte is printed against the first's, and a page
 * after it is checked for the slider left to the browser and the calculator still rendered.
 *
 * With `--hostile-beacons`, the same load again while 1 000 beacons no page sends (malformed,
 * oversized, forged: page-server/src/telemetry/testing/hostile-beacons.ts) arrive evenly over it
 * (issue 31): their statuses, the host's metrics after (nothing of them may be counted) and
 * the pages' p95 time to first byte against the first run's are printed.
 *
 *   pnpm --filter bench load [--skip-build] [--rate 100] [--seconds 60] [--renders 10000]
 *     [--looping-slice] [--hostile-beacons]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { HOSTILE_BEACONS } from 'page-server/telemetry/testing/hostile-beacons';
import { HOST_APP, portOf } from 'release-contract/apps';
import { RUM_PATH } from 'release-contract/rum-events';
import { LOAD_PAGES } from './load-pages';
import { LOOPING_SLOT, serveLoopingRelease } from './looping-release';
import { openLoop, percentile } from './open-loop';
import { cookieHeader, serverRenderedSlots, untilServerRendered } from './server-rendered';
import { run, startFederated } from './servers';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'skip-build': { type: 'boolean', default: false },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    renders: { type: 'string', default: '10000' },
    'looping-slice': { type: 'boolean', default: false },
    'hostile-beacons': { type: 'boolean', default: false },
  },
});

/** Where the host serves its metrics during the run (decision 029), for the hostile beacons. */
const METRICS_PORT = 3100;
if (args['hostile-beacons']) process.env.METRICS_PORT = String(METRICS_PORT);

/** `count` hostile beacons evenly over `seconds`; the statuses they were answered with. */
async function sendHostileBeacons(count: number, seconds: number): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  const started = Date.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * seconds * 1000) / count;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const beacon = HOSTILE_BEACONS[i % HOSTILE_BEACONS.length];
    sent.push(
      fetch(`${HOST}${RUM_PATH}`, {
        method: 'POST',
        headers: { 'content-type': beacon?.contentType ?? 'text/plain' },
        body: beacon?.body ?? '',
      })
        .then((response) => String(response.status))
        .catch(() => 'no answer')
        .then((status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
    );
  }
  await Promise.all(sent);
  return statuses;
}

const HOST = `http://localhost:${portOf(HOST_APP)}`;

/** The resident memory in MB of the node processes running a script (not pnpm's shells). */
function residentMb(script: string): number[] {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-f', script], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return [];
  }
  return pids
    .filter((pid) =>
      /(^|\/)node$/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? ''),
    )
    .map((pid) => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
    });
}

/** The host's page server and its render workers: `host 80 MB + workers 70+68 MB`. */
function hostMemory(): string {
  const [host = 0] = residentMb('dist/serve-page-server.mjs');
  // The workers run their staged copy of the script (page-server/src/render/worker-user).
  const workers = residentMb('lender-render-[^/]+/render-worker\\.mjs');
  return `host ${host} + workers ${workers.join('+') || 0}`;
}

function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const requests = LOAD_PAGES.map((path) => ({ method: 'GET' as const, path }));

if (!args['skip-build']) {
  console.info('building (pnpm build) …');
  await run('pnpm', ['build']);
}
console.info('serving as pnpm start does, with the sandbox as the provider …');
const stop = await startFederated([`${HOST}/`]);
try {
  // Every release loaded and every answer cached before the clock starts, a customer's too
  // (server-rendered.ts): the host answers before its render workers are ready.
  const customer = { cookies: await untilServerRendered(HOST) };
  await load({ url: HOST, requests, amount: 200, connections: 4 });
  await load({
    url: HOST,
    requests,
    headers: { cookie: cookieHeader(customer.cookies) },
    amount: 200,
    connections: 4,
  });
  const before = hostMemory();
  const rate = Number(args.rate);
  const seconds = Number(args.seconds);
  console.info(`${rate} page requests a second for ${seconds} s (open loop, evenly spaced) …`);
  const samples: string[] = [];
  const sampler = setInterval(() => samples.push(hostMemory()), 10_000);
  // Half the pages a logged-in customer's (issue 29): their first screen with their figures.
  const pagesUnderLoad = () =>
    openLoop({
      origin: HOST,
      paths: LOAD_PAGES,
      rate,
      seconds,
      headers: { 'accept-encoding': 'br' },
      customer,
    });
  const steady = await pagesUnderLoad();
  clearInterval(sampler);
  const figures = (times: number[]) =>
    [0.5, 0.9, 0.95, 0.99]
      .map((share) => `p${share * 100} ${percentile(times, share).toFixed(1)} ms`)
      .concat(`max ${percentile(times, 1).toFixed(1)} ms`)
      .join(', ');
  console.info(
    [
      `  answered ${steady.complete.length} of ${steady.sent} pages, ${steady.achievedRate.toFixed(1)} a second`,
      `  time to first byte: ${figures(steady.firstByte)}`,
      `  time to first byte, the customer's half: ${figures(steady.customerFirstByte)}`,
      `  time to the last byte: ${figures(steady.complete)}`,
      `  errors: ${steady.errors}`,
      `  memory (RSS, MB): ${before} before; ${samples.join(' → ')} every 10 s; ${hostMemory()} after`,
    ].join('\n'),
  );

  if (args['looping-slice']) {
    const looping = await serveLoopingRelease();
    try {
      console.info(
        `the same load again; 2 s in, a release whose ${LOOPING_SLOT} never stops rendering …`,
      );
      const rollOut = setTimeout(() => void looping.rollOut(), 2_000);
      const during = await openLoop({
        origin: HOST,
        paths: LOAD_PAGES,
        rate,
        seconds,
        headers: { 'accept-encoding': 'br' },
      });
      clearTimeout(rollOut);
      const p95 = (times: number[]) => percentile(times, 0.95);
      console.info(
        [
          `  answered ${during.complete.length} of ${during.sent} pages, errors: ${during.errors}`,
          `  time to first byte: ${figures(during.firstByte)}`,
          `  p95 ${p95(during.firstByte).toFixed(1)} ms against ${p95(steady.firstByte).toFixed(1)} ms without the loop: ${(p95(during.firstByte) / p95(steady.firstByte)).toFixed(2)}×`,
          `  memory (RSS, MB): ${hostMemory()}`,
        ].join('\n'),
      );
      const slots = await serverRenderedSlots(HOST);
      console.info(
        `  the home page after it renders on the server: ${slots.join(', ') || 'no slot'}`,
      );
    } finally {
      await looping.restore();
    }
  }

  if (args['hostile-beacons']) {
    console.info('the same load again, with 1 000 hostile beacons over it …');
    const [during, statuses] = await Promise.all([
      pagesUnderLoad(),
      sendHostileBeacons(1_000, seconds),
    ]);
    const metrics = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
    const counted = metrics
      .split('\n')
      .filter((line) =>
        /^lender_rum_(slot_views|errors)_total\{|^lender_rum_\w+_count\{/.test(line),
      );
    const outcomes = metrics
      .split('\n')
      .filter((line) => line.startsWith('lender_rum_beacons_total'));
    const p95 = (times: number[]) => percentile(times, 0.95);
    const fiveHundreds = [...statuses].filter(([status]) => /^5|no answer/.test(status));
    console.info(
      [
        `  beacons answered: ${[...statuses].map(([status, n]) => `${status} ×${n}`).join(', ')}; 5xx or none: ${fiveHundreds.length === 0 ? 0 : fiveHundreds.map(([, n]) => n).join('+')}`,
        `  counted from them: ${counted.length === 0 ? 'nothing' : counted.join('; ')}`,
        `  the host's beacon outcomes: ${outcomes.map((line) => line.replace('lender_rum_beacons_total', '')).join(', ')}`,
        `  pages: answered ${during.complete.length} of ${during.sent}, errors ${during.errors}; time to first byte ${figures(during.firstByte)}`,
        `  p95 ${p95(during.firstByte).toFixed(1)} ms against ${p95(steady.firstByte).toFixed(1)} ms without them: ${(p95(during.firstByte) / p95(steady.firstByte)).toFixed(2)}×`,
      ].join('\n'),
    );
  }

  const renders = Number(args.renders);
  console.info(`${renders} renders as fast as the server answers …`);
  const memory: string[] = [hostMemory()];
  for (let done = 0; done < renders; done += 2_000) {
    await load({ url: HOST, requests, amount: Math.min(2_000, renders - done), connections: 8 });
    memory.push(hostMemory());
  }
  console.info(`  memory (RSS, MB) at each 2 000 renders: ${memory.join(' → ')}`);
} finally {
  await stop();
}
