/**
 * `pnpm --filter bench load`: the host's page server under a steady load (decision 020). It
 * serves the product as `pnpm start` does (sandbox as provider), then sends an open-loop
 * 100 page requests a second for 60 s (`open-loop.ts`: evenly spaced, each timed from when it
 * was due) — a mix of `/`, `/?amount=…&term=…` and `/static`, as visitors — and prints the time
 * to the first and the last byte (p50/p90/p95/p99), errors, and the host's memory before,
 * during and after; then 10 000 renders as fast as the server answers (autocannon, closed
 * loop), with its memory at each 2 000. It prints; it asserts nothing.
 *
 *   pnpm --filter bench load [--skip-build] [--rate 100] [--seconds 60] [--renders 10000]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { HOST_APP, portOf } from 'tooling/apps';
import { LOAD_PAGES } from './load-pages';
import { openLoop, percentile } from './open-loop';
import { run, startFederated } from './servers';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'skip-build': { type: 'boolean', default: false },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    renders: { type: 'string', default: '10000' },
  },
});

const HOST = `http://localhost:${portOf(HOST_APP)}`;

/** The host server's resident memory in MB (its process, found by its script's name). */
function hostMemoryMb(): number {
  // The node process itself, not the shells pnpm starts it through.
  const pid = execFileSync('pgrep', ['-f', 'dist-server/serve-host.mjs'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .find((candidate) =>
      /(^|\/)node$/.test(readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0')[0] ?? ''),
    );
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
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
  // Every release loaded and every answer cached before the clock starts.
  await load({ url: HOST, requests, amount: 200, connections: 4 });
  const before = hostMemoryMb();
  const rate = Number(args.rate);
  const seconds = Number(args.seconds);
  console.info(`${rate} page requests a second for ${seconds} s (open loop, evenly spaced) …`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(hostMemoryMb()), 10_000);
  const steady = await openLoop({
    origin: HOST,
    paths: LOAD_PAGES,
    rate,
    seconds,
    headers: { 'accept-encoding': 'br' },
  });
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
      `  time to the last byte: ${figures(steady.complete)}`,
      `  errors: ${steady.errors}`,
      `  host memory (RSS): ${before} MB before, ${samples.join(' → ')} MB every 10 s, ${hostMemoryMb()} MB after`,
    ].join('\n'),
  );

  const renders = Number(args.renders);
  console.info(`${renders} renders as fast as the server answers …`);
  const memory: number[] = [hostMemoryMb()];
  for (let done = 0; done < renders; done += 2_000) {
    await load({ url: HOST, requests, amount: Math.min(2_000, renders - done), connections: 8 });
    memory.push(hostMemoryMb());
  }
  console.info(`  host memory (RSS) at each 2 000 renders: ${memory.join(' → ')} MB`);
} finally {
  await stop();
}
