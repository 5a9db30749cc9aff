// @vitest-environment node
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { readBoundedLines, writeLine } from './bounded-lines';
import { RenderPool, type RenderPoolOptions } from './render-pool';
import { type RenderService, startRenderService } from './render-service';
import type { RenderServiceAddress } from './render-service-address';
import { builtWorker } from './testing/built-worker';
import {
  askSlot,
  askSlots,
  hoardingBundle,
  slotHtml as html,
  type ReleaseOrigin,
  type SlotAsk,
  serveReleases,
  serverBundle,
} from './testing/release-origin';

/*
 * A slice's render service as a page server uses it (decision 041): the real worker script in a
 * service on a TCP port, a page server's pool that starts no worker of that slice itself, and
 * releases that do what the probe did from inside one.
 */

let folder: string;
let worker: string;
let renderBundle: string;
let releases: ReleaseOrigin;
const services: RenderService[] = [];
let pool: RenderPool | undefined;
let errors: string[];

beforeAll(async () => {
  ({ folder, worker, renderBundle } = await builtWorker('render-service-'));
  releases = await serveReleases();
}, 60_000);

afterAll(async () => {
  await releases.close();
  rmSync(folder, { recursive: true, force: true });
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  await Promise.all(services.splice(0).map((service) => service.close()));
});

async function startService(
  options: { slice?: string; port?: number; memoryCapMb?: number; maxWorkers?: number } = {},
): Promise<RenderService> {
  const service = await startRenderService(
    {
      slice: options.slice ?? 'remote_home',
      worker,
      bundle: renderBundle,
      env: { NODE_ENV: 'test', SESSION_SECRET: 'not-for-workers' },
      maxWorkers: options.maxWorkers ?? 4,
      memoryCapMb: options.memoryCapMb ?? 512,
      identity: null,
      onLog: () => {},
    },
    { host: '127.0.0.1', port: options.port ?? 0 },
  );
  services.push(service);
  return service;
}

const at = (port: number): RenderServiceAddress => ({ host: '127.0.0.1', port });

function startPool(home: RenderServiceAddress, options: Partial<RenderPoolOptions> = {}) {
  errors = [];
  pool = new RenderPool({
    worker,
    bundle: renderBundle,
    apiUpstream: 'http://127.0.0.1:9',
    unpinned: 'evaluate',
    revalidateMs: 0,
    remotes: ['remote_home', 'remote_loans'],
    stallMs: 500,
    env: { NODE_ENV: 'test' },
    identity: null,
    services: new Map([['remote_home', home]]),
    onError: (error) => errors.push(error.message),
    ...options,
  });
  return pool;
}

const renderSlot = (remote: string, options: SlotAsk = {}) => {
  if (!pool) throw new Error('no pool');
  return askSlot(pool, releases, remote, options);
};

/** The service's lines for a connection that says `hello` first, until it closes. */
async function converse(port: number, hello: unknown): Promise<unknown[]> {
  const socket = connect({ host: '127.0.0.1', port });
  const lines: unknown[] = [];
  readBoundedLines(
    socket,
    (line) => lines.push(JSON.parse(line)),
    () => {},
  );
  writeLine(socket, hello);
  await new Promise((resolve) => socket.once('close', resolve));
  return lines;
}

const hello = (tenant: string) => ({
  kind: 'hello',
  init: { bundle: '', apiUpstream: 'http://127.0.0.1:9', unpinned: 'evaluate', tenant },
  heapMb: 128,
  exposeGc: false,
});

describe('a slice’s render service', () => {
  it('renders the slice’s slots for the page server, which runs none of that slice’s code', async () => {
    release('remote_home', 'entry.served', serverBundle('return "rendered in its service";'));
    releases.release('remote_loans', 'entry.local', serverBundle('return "loans";'));
    const service = await startService();
    const renders = startPool(at(service.port));
    await renders.ready();
    expect(html(await renderSlot('remote_home'))).toBe('rendered in its service');
    expect(html(await renderSlot('remote_loans'))).toBe('loans');
    expect(renders.pids('remote_home')).toEqual([]);
    expect(service.pids()).toHaveLength(1);
    // The page server lets the worker go: the service ends it.
    await renders.close();
    pool = undefined;
    await vi.waitFor(() => expect(service.pids()).toEqual([]));
  });

  it('stops a worker over its service’s memory cap from the vitals the service sends, and blames its release', async () => {
    release('remote_loans', 'entry.innocent', serverBundle('return "loans";'));
    release('remote_home', 'entry.hoard', hoardingBundle('hoarding', 250));
    // The page server's own cap is far above: the service's, which its pod's limit fits, counts.
    const service = await startService({ memoryCapMb: 192 });
    const renders = startPool(at(service.port), {
      env: { NODE_ENV: 'test', RENDER_WORKER_MEMORY_MB: '4096' },
    });
    await renders.ready();
    const key = 'remote_home#hoard';
    expect(html(await renderSlot('remote_home', { key }))).toBe('hoarding');
    await expect
      .poll(() => renders.quarantine(), { timeout: 15_000 })
      .toEqual([`remote_home ${key}`]);
    expect(errors).toContainEqual(
      expect.stringMatching(/over its 192 MB cap\); its slots are left to the browser/),
    );
    expect(html(await renderSlot('remote_loans'))).toBe('loans');
  });

  it('stops a looping release’s worker by the CPU its service sees it spend', async () => {
    release('remote_home', 'entry.loop', serverBundle('for (;;) {}'));
    const service = await startService();
    const renders = startPool(at(service.port));
    await renders.ready();
    expect(html(await renderSlot('remote_home', { budgetMs: 400 }))).toBe('late');
    // The watchdog starts its watch again each time this process's own loop stands still
    // (worker-watchdog: a busy machine's stall is not the worker's), so on a loaded CI machine
    // the judgement can take many seconds: it is waited for, bounded well inside the test's time.
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.stringMatching(
            /^remote_home: release remote_home#test: remote_home\/Probe stopped a render worker \(it spent \d+ ms of CPU/,
          ),
        ),
      { timeout: 25_000 },
    );
  }, 40_000);

  it('carries a worker’s words only as the worker’s: one that writes the service’s lines is stopped, not believed', async () => {
    // A release that says its worker exited cleanly, and is small, while it loops.
    release(
      'remote_home',
      'entry.forger',
      serverBundle(
        `process.send({ kind: 'vitals', cpuMs: 0, residentMb: 1 }); process.send({ kind: 'exit', code: 0, signal: null }); return "forged";`,
      ),
    );
    const service = await startService();
    const renders = startPool(at(service.port));
    await renders.ready();
    expect(html(await renderSlot('remote_home', { key: 'remote_home#forger' }))).toBe('failed');
    expect(errors).toContainEqual(expect.stringMatching(/sent a message that is not the protocol/));
    expect(renders.quarantine()).toContainEqual(
      expect.stringMatching(/^remote_home remote_home#forger/),
    );
  });

  it('hands its workers back when it stops: the page under way is finished, nothing is blamed', async () => {
    release(
      'remote_home',
      'entry.drain',
      serverBundle(
        'console.log("rendering"); await new Promise((resolve) => setTimeout(resolve, 500)); return "finished";',
      ),
    );
    const service = await startService();
    const renders = startPool(at(service.port));
    await renders.ready();
    const underWay = renderSlot('remote_home', { key: 'remote_home#drain', budgetMs: 10_000 });
    await vi.waitFor(() => expect(errors).toContain('render worker (remote_home): rendering'));
    // Its pod is told to stop: it waits for the page servers, up to far longer than a test.
    const drained = service.drain(60_000);
    expect(html(await underWay)).toBe('finished');
    await drained;
    expect(service.pids()).toEqual([]);
    expect(renders.quarantine()).toEqual([]);
    expect(errors.filter((error) => /stopped/.test(error))).toEqual([]);
  });

  it('keeps its slice’s pages rendering when a trial’s worker is refused for room: the slice is not out of reach', async () => {
    release(
      'remote_home',
      'entry.half',
      `exports.modules = {
        Probe: () => Promise.resolve({ default: () => { for (;;) {} } }),
        Calculator: () => Promise.resolve({ default: () => 'calculator' }),
      };`,
    );
    // Room for the pages' worker only: a trial of the slice's suspects finds none.
    const service = await startService({ maxWorkers: 1 });
    const renders = startPool(at(service.port));
    await renders.ready();
    const both = await askSlots(
      renders,
      releases,
      'remote_home',
      'remote_home#half',
      ['Calculator', 'Probe'],
      { budgetMs: 300 },
    );
    expect(both.map(html)).toEqual(['late', 'late']);
    await vi.waitFor(
      () => expect(errors).toContainEqual(expect.stringMatching(/each runs alone from now on/)),
      { timeout: 10_000 },
    );
    // The suspects wait for a trial; the slice's other pages render in its worker meanwhile.
    release('remote_home', 'entry.fine', serverBundle('return "fine";'));
    await vi.waitFor(
      async () =>
        expect(html(await renderSlot('remote_home', { key: 'remote_home#fine' }))).toBe('fine'),
      { timeout: 10_000 },
    );
    expect(
      html(await renderSlot('remote_home', { key: 'remote_home#half', slot: 'Calculator' })),
    ).toBe('late');
    expect(html(await renderSlot('remote_home', { key: 'remote_home#fine' }))).toBe('fine');
    expect(errors.filter((error) => error.includes('cannot be reached'))).toEqual([]);
  });

  it('refuses another slice’s worker, and a connection past its most workers', async () => {
    const service = await startService({ maxWorkers: 1 });
    expect(await converse(service.port, hello('remote_loans'))).toEqual([
      { kind: 'refused', why: 'this service renders remote_home, not remote_loans' },
    ]);
    expect(await converse(service.port, { kind: 'not a hello' })).toEqual([
      { kind: 'refused', why: 'its first line was not a hello' },
    ]);
    const first = connect({ host: '127.0.0.1', port: service.port });
    writeLine(first, hello('remote_home'));
    await vi.waitFor(() => expect(service.pids()).toHaveLength(1));
    expect(await converse(service.port, hello('remote_home'))).toEqual([
      { kind: 'refused', why: 'it runs its most workers (1)' },
    ]);
    first.destroy();
    await vi.waitFor(() => expect(service.pids()).toEqual([]));
  });

  it('costs only its slice’s slots while it cannot be reached, says so once, and is taken up again with nothing blamed', async () => {
    release('remote_home', 'entry.back', serverBundle('return "back";'));
    release('remote_loans', 'entry.local', serverBundle('return "loans";'));
    const first = await startService();
    const port = first.port;
    const renders = startPool(at(port));
    await renders.ready();
    expect(html(await renderSlot('remote_home'))).toBe('back');
    // A release's first run is under way when the service's pod goes away (a node drained).
    release(
      'remote_home',
      'entry.slow',
      serverBundle(
        'console.log("rendering"); await new Promise((resolve) => setTimeout(resolve, 5_000)); return "slow";',
      ),
    );
    const underWay = renderSlot('remote_home', { key: 'remote_home#slow', budgetMs: 10_000 });
    await vi.waitFor(() => expect(errors).toContain('render worker (remote_home): rendering'));
    await first.close();
    services.splice(services.indexOf(first), 1);
    expect(html(await underWay)).toBe('failed');
    await vi.waitFor(() =>
      expect(errors).toContainEqual(
        expect.stringMatching(/^the remote_home render service cannot be reached/),
      ),
    );
    // Its slots are the browser's at once; the other slice renders as ever.
    expect(html(await renderSlot('remote_home', { budgetMs: 60_000 }))).toBe('late');
    expect(html(await renderSlot('remote_loans'))).toBe('loans');
    release('remote_home', 'entry.back', serverBundle('return "back";'));
    await startService({ port });
    await vi.waitFor(async () => expect(html(await renderSlot('remote_home'))).toBe('back'), {
      timeout: 15_000,
    });
    expect(errors).toContain('the remote_home render service is reached again');
    expect(errors.filter((error) => error.includes('cannot be reached'))).toHaveLength(1);
    // Nothing the worker did is known: the release it was running is not held against it.
    expect(renders.quarantine()).toEqual([]);
  });
});

function release(remote: string, id: string, source: string) {
  releases.release(remote, id, source);
}
