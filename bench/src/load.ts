/**
 * `pnpm --filter bench load`: the host's page server under a steady load (decision 020). It
 * serves the product as `pnpm start` does (sandbox as provider), then sends an open-loop
 * 100 page requests a second for 60 s — a mix of `/`, `/?amount=…&term=…` and `/static`, as
 * visitors — and prints the time to each answer (p50/p95/p99), errors, and the host's memory
 * before, during and after; then 10 000 renders as fast as the server answers, with its
 * memory at each 2 000. It prints; it asserts nothing.
 *
 *   pnpm --filter bench load [--skip-build] [--rate 100] [--seconds 60] [--renders 10000]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { HOST_APP, portOf } from 'tooling/apps';
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
const PAGES = ['/', '/?amount=2500&term=6', '/static', '/?amount=800&term=12', '/'];

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

const requests = PAGES.map((path) => ({ method: 'GET' as const, path }));

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
  console.info(`${rate} page requests a second for ${seconds} s (open loop) …`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(hostMemoryMb()), 10_000);
  const steady = await load({
    url: HOST,
    requests,
    // Open loop: a fixed overall rate, however long each answer takes; enough connections
    // that a slow answer does not hold the next request back.
    overallRate: rate,
    connections: 50,
    duration: seconds,
    headers: { 'accept-encoding': 'br' },
  });
  clearInterval(sampler);
  const errors = steady.errors + steady.timeouts + steady.non2xx;
  console.info(
    [
      `  answered ${steady.requests.total} pages, ${steady.requests.average.toFixed(1)} a second`,
      `  time to answer: p50 ${steady.latency.p50} ms, p90 ${steady.latency.p90} ms, p97.5 ${steady.latency.p97_5} ms, p99 ${steady.latency.p99} ms, max ${steady.latency.max} ms`,
      `  errors: ${errors} (connection ${steady.errors}, timeouts ${steady.timeouts}, non-2xx ${steady.non2xx})`,
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
