// @vitest-environment node
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptsConnections } from '../http/accepts-connections';
import { RenderPool, type RenderPoolOptions } from './render-pool';
import { builtWorker } from './testing/built-worker';
import {
  askSlot,
  askSlots,
  hoardingBundle,
  type ReleaseOrigin,
  type SlotAsk,
  serveReleases,
  serverBundle,
  slotHtml,
} from './testing/release-origin';
import { ownMemoryCgroup } from './worker-cgroup';
import { workerEnv } from './worker-process';
import { START_FAILURES_BEFORE_GIVING_UP } from './worker-starts';

/*
 * The render workers as the page server runs them (decision 032): the real worker script
 * (bundled as the build bundles it), a stand-in render bundle whose slots render what their
 * module returns, and remotes served over HTTP whose server bundles do what a compromised or
 * broken release would: loop, block, lie in their messages, signal the page server, read what
 * their slots do not show.
 */

let folder: string;
let worker: string;
let renderBundle: string;
let releases: ReleaseOrigin;

/** What a slice's code can reach in its worker, each attempt's outcome in a word. */
const PROBE = serverBundle(`
  const attempt = (run) => { try { run(); return 'allowed'; } catch (error) { return error.code || error.message; } };
  return JSON.stringify({
    require: attempt(() => require('fs')),
    readFile: attempt(() => process.getBuiltinModule('fs').readFileSync('/etc/hostname')),
    writeFile: attempt(() => process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(path.join(tmpdir(), 'render-pool-probe'))}, 'x')),
    binding: attempt(() => process.binding('fs')),
    childProcess: attempt(() => process.getBuiltinModule('child_process').spawnSync('true')),
    thread: attempt(() => new (process.getBuiltinModule('worker_threads').Worker)('0', { eval: true })),
    inspector: attempt(() => process.getBuiltinModule('inspector').open(0)),
    signalParent: attempt(() => process.kill(process.ppid, 'SIGUSR1')),
    uid: process.getuid(),
    env: Object.keys(process.env).filter((name) => !name.startsWith('NODE_CHANNEL')),
    flags: process.execArgv,
  });`);

const release: ReleaseOrigin['release'] = (...args) => releases.release(...args);
const config: ReleaseOrigin['config'] = (...args) => releases.config(...args);

beforeAll(async () => {
  ({ folder, worker, renderBundle } = await builtWorker('render-pool-'));
  releases = await serveReleases();
}, 60_000);

afterAll(async () => {
  await releases.close();
  rmSync(folder, { recursive: true, force: true });
});

const CGROUP_PLACES = { root: '/sys/fs/cgroup', self: '/proc/self/cgroup', pid: process.pid };

let pool: RenderPool | undefined;
let errors: string[];

function startPool(options: Partial<RenderPoolOptions> = {}) {
  errors = [];
  pool = new RenderPool({
    worker,
    bundle: renderBundle,
    apiUpstream: 'http://127.0.0.1:9',
    unpinned: 'evaluate',
    revalidateMs: 0,
    remotes: ['remote_home', 'remote_loans'],
    stallMs: 500,
    env: { NODE_ENV: 'test', PROXY_SECRET: 'the-proxy-secret', SESSION_SECRET: 'a-key' },
    onError: (error) => errors.push(error.message),
    ...options,
  });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** One slot of a remote's release, asked of the pool under test (started if none is). */
const renderSlot = (remote: string, options: SlotAsk = {}) =>
  askSlot(pool ?? startPool(), releases, remote, options);

const html = slotHtml;

describe('RenderPool', () => {
  it('renders a slot with its release’s code, in a worker of that slice’s own', async () => {
    release('remote_home', 'entry.aaaa', serverBundle('return "hello from aaaa";'));
    const renders = startPool();
    await renders.ready();
    expect(html(await renderSlot('remote_home'))).toBe('hello from aaaa');
    const [home] = renders.pids('remote_home');
    expect(home).toBeDefined();
    expect(renders.pids('host')).not.toContain(home);
    expect(renders.pids('remote_loans')).not.toContain(home);
    expect(renders.pids()).not.toContain(process.pid);
  });

  it('finishes the pages under way when it closes, and takes no new one', async () => {
    release(
      'remote_home',
      'entry.slow',
      `exports.modules = { Probe: () => new Promise((resolve) => setTimeout(() => resolve({ default: () => 'slow' }), 300)) };`,
    );
    const renders = startPool();
    await renders.ready();
    const underWay = renderSlot('remote_home', { budgetMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = renders.close();
    expect(html(await renderSlot('remote_home'))).toBe('failed');
    expect(html(await underWay)).toBe('slow');
    await closed;
    expect(renders.pids()).toEqual([]);
  });

  it('gives a slice’s code no file, binding, process, thread, inspector or secret', async () => {
    release('remote_probe', 'entry.probe', PROBE);
    const renders = startPool({ remotes: ['remote_probe'] });
    await renders.ready();
    const result = await renderSlot('remote_probe');
    if (result.outcome !== 'rendered') throw new Error(errors.join('\n'));
    const probe = JSON.parse(html(result));
    expect(probe).toMatchObject({
      require: expect.stringContaining('does not share'),
      readFile: 'ERR_ACCESS_DENIED',
      writeFile: 'ERR_ACCESS_DENIED',
      binding: 'ERR_ACCESS_DENIED',
      childProcess: 'ERR_ACCESS_DENIED',
      thread: 'ERR_ACCESS_DENIED',
      inspector: 'ERR_ACCESS_DENIED',
      env: ['NODE_ENV'],
      // Bounded and closed where the worker starts, not on a command line someone must remember.
      flags: expect.arrayContaining([
        '--permission',
        '--max-old-space-size=256',
        '--no-compilation-cache',
        '--disable-sigusr1',
      ]),
    });
  });

  it.runIf(process.getuid?.() === 0)(
    'runs a slice’s code as another user, which cannot signal the page server to open its inspector (row 1)',
    async () => {
      release('remote_probe', 'entry.probe1', PROBE);
      const renders = startPool({ remotes: ['remote_probe'] });
      await renders.ready();
      const probe = JSON.parse(html(await renderSlot('remote_probe')));
      expect(probe.uid).not.toBe(0);
      expect(probe.signalParent).toBe('EPERM');
      // This process (the page server here) was not started with --disable-sigusr1: the user
      // is what kept its inspector shut.
      expect(await acceptsConnections(9229)).toBe(false);
    },
  );

  it.runIf(process.getuid?.() === 0)(
    'runs each slice’s code as a user of its own, which cannot stop another slice’s worker (issue 56, row 2)',
    async () => {
      release('remote_loans', 'entry.innocent', serverBundle('return "loans";'));
      const renders = startPool();
      await renders.ready();
      expect(html(await renderSlot('remote_loans'))).toBe('loans');
      const [loans] = renders.pids('remote_loans');
      // What the probe did from a compromised release's worker: SIGSTOP another slice's.
      release(
        'remote_home',
        'entry.stopper',
        serverBundle(`
          try { process.kill(${loans}, 'SIGSTOP'); return 'stopped'; } catch (error) { return error.code; }`),
      );
      const attempt = html(await renderSlot('remote_home'));
      // The other slice renders on, in its time, with nothing held against it.
      expect(html(await renderSlot('remote_loans', { budgetMs: 1_000 }))).toBe('loans');
      expect(attempt).toBe('EPERM');
      expect(renders.pids('remote_loans')).toEqual([loans]);
      expect(renders.quarantine()).toEqual([]);
      // A user each: the host's, each slice's, none of them root or the page server's.
      const uids = ['host', 'remote_home', 'remote_loans'].map((tenant) => {
        const [pid] = renders.pids(tenant);
        return readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1];
      });
      expect(new Set(uids).size).toBe(3);
      expect(uids).not.toContain('0');
    },
  );

  it('stops a worker whose resident memory passes its cap, and blames its own release (issue 56, row 3)', async () => {
    release('remote_loans', 'entry.innocent', serverBundle('return "loans";'));
    // What the probe did: 64 MB Buffers every 250 ms.
    release('remote_home', 'entry.hoard', hoardingBundle('hoarding', 250));
    // The watchdog's cap; the kernel's, where it holds one, is tested on its own.
    const renders = startPool({
      env: { NODE_ENV: 'test', RENDER_WORKER_MEMORY_MB: '192' },
      memoryCgroups: false,
    });
    await renders.ready();
    const key = 'remote_home#hoard';
    expect(html(await renderSlot('remote_home', { key }))).toBe('hoarding');
    const [hoarder] = renders.pids('remote_home');
    await expect
      .poll(() => renders.quarantine(), { timeout: 15_000 })
      .toEqual([`remote_home ${key}`]);
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^remote_home: release remote_home#hoard stopped a render worker \(its resident memory reached \d+ MB, over its 192 MB cap\); its slots are left to the browser/,
      ),
    );
    expect(renders.pids('remote_home')).not.toContain(hoarder);
    // Its slots are the browser's from now on; the other slice never felt it.
    expect(html(await renderSlot('remote_home', { key }))).toBe('failed');
    expect(html(await renderSlot('remote_loans'))).toBe('loans');
    expect(errors.filter((error) => error.includes('remote_loans'))).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0 && !('why' in ownMemoryCgroup(CGROUP_PLACES)))(
    'caps a worker’s memory by the kernel where it may make memory cgroups: stopped at its cap, its own release blamed (issue 56, row 3)',
    async () => {
      release('remote_loans', 'entry.innocent', serverBundle('return "loans";'));
      // Faster than the watchdog looks: 64 MB at a time, up to 512 MB, every 20 ms.
      release('remote_home', 'entry.burst', hoardingBundle('bursting', 20));
      const renders = startPool({ env: { NODE_ENV: 'test', RENDER_WORKER_MEMORY_MB: '192' } });
      await renders.ready();
      const [home] = renders.pids('remote_home');
      // In a cgroup of its own, under the page server's.
      const own = readFileSync(`/proc/${home}/cgroup`, 'utf8');
      expect(own).toMatch(new RegExp(`lender-render-${process.pid}/worker-\\d+$`, 'm'));
      const key = 'remote_home#burst';
      await renderSlot('remote_home', { key });
      await expect
        .poll(() => renders.quarantine(), { timeout: 15_000 })
        .toEqual([`remote_home ${key}`]);
      expect(errors).toContainEqual(
        expect.stringMatching(
          /^remote_home: release remote_home#burst stopped a render worker \(its memory reached its 192 MB cap, where the kernel stopped it\)/,
        ),
      );
      expect(html(await renderSlot('remote_loans'))).toBe('loans');
      await renders.close();
      pool = undefined;
      // Nothing of the pool's is left in the machine's cgroups.
      const own2 = ownMemoryCgroup(CGROUP_PLACES);
      if ('folder' in own2) {
        expect(existsSync(path.join(own2.folder, `lender-render-${process.pid}`))).toBe(false);
      }
    },
  );

  it('puts memory down to no release while a worker holds several: its slot under way is a suspect, and the release its replacement holds alone is put down', async () => {
    // The release before: a slot that takes its time, under way when the next one fills the worker.
    const before = `exports.modules = {
      Probe: () => Promise.resolve({ default: async () => 'before' }),
      Other: () => Promise.resolve({ default: async () => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return 'slow before';
      } }),
    };`;
    const hoarding = hoardingBundle('hoarding', 250, 500);
    // The origin serves one release of a remote at a time: each is served before a worker loads it.
    release('remote_home', 'entry.before', before);
    // The watchdog's cap; the kernel's, where it holds one, is tested on its own.
    const renders = startPool({
      env: { NODE_ENV: 'test', RENDER_WORKER_MEMORY_MB: '192' },
      memoryCgroups: false,
    });
    await renders.ready();
    expect(html(await renderSlot('remote_home', { key: 'remote_home#before' }))).toBe('before');
    release('remote_home', 'entry.hoard', hoarding);
    expect(html(await renderSlot('remote_home', { key: 'remote_home#hoard' }))).toBe('hoarding');
    release('remote_home', 'entry.before', before);
    const slow = renderSlot('remote_home', {
      key: 'remote_home#before',
      slot: 'Other',
      budgetMs: 5_000,
    });
    await expect
      .poll(() => errors, { timeout: 15_000 })
      .toContainEqual(
        expect.stringMatching(
          /^a remote_home render worker stopped \(its resident memory reached \d+ MB, over its 192 MB cap; it held releases remote_home#before, remote_home#hoard\) while rendering remote_home\/Other; each runs alone/,
        ),
      );
    expect(html(await slow)).toBe('failed');
    expect(renders.quarantine()).toEqual([]);
    // The suspect runs alone in a trial worker, which holds its release alone: unharmed.
    await expect
      .poll(
        async () =>
          html(
            await renderSlot('remote_home', {
              key: 'remote_home#before',
              slot: 'Other',
              budgetMs: 5_000,
            }),
          ),
        { timeout: 20_000 },
      )
      .toBe('slow before');
    // The replacement holds only what the pages ask: the new release, which fills it again.
    release('remote_home', 'entry.hoard', hoarding);
    await expect
      .poll(
        async () => {
          await renderSlot('remote_home', { key: 'remote_home#hoard' });
          return renders.quarantine();
        },
        { timeout: 20_000 },
      )
      .toEqual(['remote_home remote_home#hoard']);
    release('remote_home', 'entry.before', before);
    expect(html(await renderSlot('remote_home', { key: 'remote_home#before' }))).toBe('before');
  });

  it('passes a worker nothing of the environment but NODE_ENV and TZ', () => {
    expect(
      workerEnv({
        NODE_ENV: 'production',
        TZ: 'Asia/Tbilisi',
        PROXY_SECRET: 's',
        DATABASE_URL: 'd',
      }),
    ).toEqual({ NODE_ENV: 'production', TZ: 'Asia/Tbilisi' });
  });

  it('logs what a worker prints, line by line and bounded, through no handle of the page server’s', async () => {
    release(
      'remote_home',
      'entry.talks',
      serverBundle(
        `console.log('x'.repeat(5000)); console.error('a line of its own'); return 'said';`,
      ),
    );
    const renders = startPool();
    await renders.ready();
    expect(html(await renderSlot('remote_home'))).toBe('said');
    await vi.waitFor(() =>
      expect(errors).toContain('render worker (remote_home): a line of its own'),
    );
    const long = errors.find((error) => error.includes('xxxx'));
    expect(long?.length).toBeLessThanOrEqual('render worker (remote_home): '.length + 2_000);
  });

  it('stops a looping slot’s worker however it keeps talking, and renders the other slices meanwhile (row 5)', async () => {
    release(
      'remote_home',
      'entry.talkloop',
      // A loop that says, every 20 ms, what a live worker might: judged by its time and CPU.
      serverBundle(
        `let last = 0; for (;;) { if (Date.now() - last > 20) { last = Date.now(); process.send({ type: 'error', message: 'alive' }); } }`,
      ),
    );
    release('remote_loans', 'entry.fine', serverBundle('return "loans";'));
    const renders = startPool();
    await renders.ready();
    const before = renders.pids('remote_home');
    // The page goes at its time, without the slot: before the watchdog has judged the worker
    // (it waits past the page's deadline), not when the worker is stopped (that is 'failed').
    expect(html(await renderSlot('remote_home', { budgetMs: 400 }))).toBe('late');
    expect(errors.filter((error) => error.includes('stopped a render worker'))).toEqual([]);
    expect(html(await renderSlot('remote_loans'))).toBe('loans');
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.stringMatching(
            /^remote_home: release remote_home#test: remote_home\/Probe stopped a render worker \(it spent \d+ ms of CPU/,
          ),
        ),
      { timeout: 10_000 },
    );
    await renders.ready();
    expect(renders.pids('remote_home').some((pid) => before.includes(pid))).toBe(false);
    // Never run again: its next page comes at once, its worker untouched.
    const after = renders.pids('remote_home');
    expect(html(await renderSlot('remote_home'))).toBe('failed');
    expect(renders.pids('remote_home')).toEqual(after);
  });

  it('holds a stop only against what it asked that worker: a slice naming another’s slot names nothing (row 6)', async () => {
    release(
      'remote_home',
      'entry.blames',
      // The old protocol's "entering another slice's slot", then a loop.
      serverBundle(
        `process.send({ type: 'enter', code: { remote: 'remote_loans', release: 'x', kind: 'slot', slot: 'remote_loans/Probe' } }); for (;;) {}`,
      ),
    );
    release('remote_loans', 'entry.innocent', serverBundle('return "loans";'));
    const renders = startPool();
    await renders.ready();
    expect(html(await renderSlot('remote_home', { budgetMs: 400 }))).not.toBe('rendered');
    await vi.waitFor(() => expect(renders.quarantine()).toHaveLength(1), { timeout: 10_000 });
    expect(renders.quarantine()).toEqual(['remote_home remote_home#test remote_home/Probe']);
    expect(html(await renderSlot('remote_loans'))).toBe('loans');
  });

  it('takes only the slots it asked for, and stops a worker that sends what is not an answer (rows 7, 8)', async () => {
    // The slice's code rewrites its worker's answers on their way out.
    const rewriting = (rewrite: string) =>
      serverBundle(
        'return "whole";',
        `const send = process.send.bind(process);
         process.send = (message, ...rest) => send(message.type === 'slots' ? (${rewrite})(message) : message, ...rest);`,
      );
    release(
      'remote_home',
      'entry.madeup',
      rewriting(
        `(message) => ({ ...message, slots: [...message.slots, ...Array.from({ length: 20 }, (_, i) => ({ slot: 'remote_home/Made' + i, outcome: 'failed' })), { slot: 'remote_loans/Probe', outcome: 'rendered', html: 'not yours', release: 'x' }] })`,
      ),
    );
    const renders = startPool();
    await renders.ready();
    const results = await askSlots(renders, releases, 'remote_home', 'remote_home#madeup', [
      'Probe',
    ]);
    expect(results).toEqual([
      expect.objectContaining({ slot: 'remote_home/Probe', html: 'whole' }),
    ]);

    // 3000 made-up outcomes, or a redirect of the page: not an answer the protocol has.
    release(
      'remote_home',
      'entry.flood',
      rewriting(
        `(message) => ({ ...message, slots: Array.from({ length: 3000 }, (_, i) => ({ slot: 'remote_home/Made' + i, outcome: 'rendered' })) })`,
      ),
    );
    const before = renders.pids('remote_home');
    expect(html(await renderSlot('remote_home', { key: 'remote_home#flood' }))).toBe('failed');
    expect(errors).toContainEqual(expect.stringMatching(/sent a message that is not the protocol/));
    await renders.ready();
    expect(renders.pids('remote_home').some((pid) => before.includes(pid))).toBe(false);
  });

  it('reads the provider for a customer’s page only for what the asked slots read (row 9)', async () => {
    release(
      'remote_home',
      'entry.reads',
      serverBundle(
        `const asked = await Promise.all(['/api/loan/calculator?amount=1000&term=12', '/api/user/details/', '/api/loan/loan/', '/api/%2e%2e/__sandbox/outbox'].map(async (url) => (await page.fetch(url)).status));
         return asked.join(' ');`,
      ),
    );
    const renders = startPool();
    await renders.ready();
    const fetched: string[] = [];
    const result = await renderSlot('remote_home', {
      fetch: async (url) => {
        fetched.push(url);
        return { status: 200, data: {} };
      },
      reads: ['/api/loan/calculator'],
    });
    expect(html(result)).toBe('200 403 403 403');
    expect(fetched).toEqual(['/api/loan/calculator?amount=1000&term=12']);
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^remote_home asked the provider for \/api\/user\/details\/, which nothing it renders on this page reads/,
      ),
    );
  });

  // A worker the machine does not schedule is silent without spending CPU: blocked here in
  // Atomics.wait, which sleeps the worker's one thread as a starved process sleeps.
  const blockedFor = (ms: number, result: string) =>
    serverBundle(
      `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms}); return ${JSON.stringify(result)};`,
    );

  it.runIf(process.platform === 'linux')(
    'waits for a worker whose work is overdue without spending CPU, as a busy machine leaves it: nothing is quarantined',
    async () => {
      release('remote_home', 'entry.starved', blockedFor(1_500, 'late but whole'));
      const renders = startPool();
      await renders.ready();
      const before = renders.pids('remote_home');
      // Overdue for three stall allowances, yet it used no CPU: its page goes at its time, and
      // the worker is kept.
      expect(html(await renderSlot('remote_home', { budgetMs: 200 }))).toBe('late');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(errors).toEqual([]);
      expect(renders.pids('remote_home')).toEqual(before);
      expect(renders.quarantine()).toEqual([]);
    },
  );

  it.runIf(process.platform === 'linux')(
    'stops a worker blocked without spending CPU once its patience ends, and quarantines the slot',
    async () => {
      release('remote_home', 'entry.blocked', blockedFor(60_000, 'never'));
      const renders = startPool({ stallMs: 200 });
      await renders.ready();
      expect(html(await renderSlot('remote_home', { budgetMs: 300 }))).toBe('late');
      // Its patience is counted only while this process's own loop keeps time: on a loaded
      // machine each stall of it starts the count again (CI: not stopped within 10 s, twice).
      await vi.waitFor(
        () =>
          expect(errors).toContainEqual(
            expect.stringMatching(
              /^remote_home: release remote_home#test: remote_home\/Probe stopped a render worker \(it stood still/,
            ),
          ),
        { timeout: 45_000 },
      );
      await renders.ready();
      expect(html(await renderSlot('remote_home'))).toBe('failed');
    },
    60_000,
  );

  it('gives a slot that rendered unharmed a second chance after one stop, and quarantines it at the next', async () => {
    // Loops on its second render in a worker's life: proven by the first, then a stop.
    release(
      'remote_home',
      'entry.second',
      serverBundle(
        'renders += 1; if (renders === 2) for (;;) {} return "whole";',
        'let renders = 0;',
      ),
    );
    const renders = startPool();
    await renders.ready();
    expect(html(await renderSlot('remote_home'))).toBe('whole');
    expect(html(await renderSlot('remote_home', { budgetMs: 300 }))).toBe('late');
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.stringMatching(/after rendering unharmed; it runs alone/),
        ),
      { timeout: 10_000 },
    );
    expect(renders.quarantine()).toEqual([]);
    // It renders unharmed again (alone, then in the slice's fresh worker) until it loops once
    // more there: its second stop quarantines it.
    await vi.waitFor(
      async () => {
        await renderSlot('remote_home', { budgetMs: 300 });
        expect(renders.quarantine()).toEqual(['remote_home remote_home#test remote_home/Probe']);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /remote_home\/Probe stopped a render worker .*; that slot of the release is left to the browser/,
      ),
    );
  });

  it('names the looping slot of several stopped together by running each alone: the others still render', async () => {
    release(
      'remote_home',
      'entry.half',
      `exports.modules = {
        Probe: () => Promise.resolve({ default: () => { for (;;) {} } }),
        Calculator: () => Promise.resolve({ default: () => 'calculator' }),
      };`,
    );
    const renders = startPool();
    await renders.ready();
    const both = (budgetMs: number) =>
      askSlots(renders, releases, 'remote_home', 'remote_home#half', ['Calculator', 'Probe'], {
        budgetMs,
      });
    expect((await both(300)).map(html)).toEqual(['late', 'late']);
    await vi.waitFor(
      () => expect(errors).toContainEqual(expect.stringMatching(/each runs alone from now on/)),
      {
        timeout: 10_000,
      },
    );
    expect(renders.quarantine()).toEqual([]);
    // Each runs alone in a trial worker of the slice's, one at a time, while the pages' own
    // worker goes on without them: the calculator proves itself, the loop stops the trial
    // worker alone and is named.
    await vi.waitFor(
      async () => {
        await both(1_000);
        expect(renders.quarantine()).toEqual(['remote_home remote_home#half remote_home/Probe']);
      },
      { timeout: 20_000, interval: 200 },
    );
    await vi.waitFor(
      async () => expect((await both(2_000)).map(html)).toEqual(['calculator', 'failed']),
      {
        timeout: 10_000,
      },
    );
    // No suspect left: the trial worker is gone, the slice's own worker renders its pages.
    await vi.waitFor(() => expect(renders.pids('remote_home')).toHaveLength(1));
  });

  it('puts a release whose evaluation never ends down to it, and takes up the next release', async () => {
    release('remote_home', 'entry.evalloop', serverBundle('return "never";', 'for (;;) {}'));
    const renders = startPool();
    await renders.ready();
    expect(
      html(await renderSlot('remote_home', { key: 'remote_home#evalloop', budgetMs: 300 })),
    ).toBe('late');
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.stringMatching(
            /^remote_home: release remote_home#evalloop stopped a render worker .*; its slots are left to the browser/,
          ),
        ),
      { timeout: 15_000 },
    );
    await renders.ready();
    expect(html(await renderSlot('remote_home', { key: 'remote_home#evalloop' }))).toBe('failed');
    release('remote_home', 'entry.fixed', serverBundle('return "fixed";'));
    expect(html(await renderSlot('remote_home', { key: 'remote_home#fixed' }))).toBe('fixed');
  });

  it('replaces a worker after its releases, so old module graphs go with it', async () => {
    const renders = startPool({ recycleAfterReleases: 2 });
    await renders.ready();
    const [first] = renders.pids('remote_home');
    for (const id of ['r1', 'r2', 'r3']) {
      release('remote_home', `entry.${id}`, serverBundle(`return "${id}";`));
      await renders.ready();
      expect(html(await renderSlot('remote_home', { key: `remote_home#${id}` }))).toBe(id);
    }
    expect(renders.pids('remote_home')).not.toContain(first);
    expect(errors).toEqual([]);
  });

  it('ends a worker whose release takes more memory than its heap limit, and renders without it', async () => {
    release(
      'remote_home',
      'entry.hungry',
      serverBundle('const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length));'),
    );
    const renders = startPool({ heapMb: 32, stallMs: 60_000 });
    await renders.ready();
    expect(html(await renderSlot('remote_home', { budgetMs: 2_000 }))).not.toBe('rendered');
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.stringMatching(
            /^remote_home: release remote_home#test: remote_home\/Probe stopped a render worker \(it exited/,
          ),
        ),
      { timeout: 10_000 },
    );
  });

  it('says once, plainly, that no render worker can start on this runtime, and starts no more', async () => {
    // A worker as a Node without the permission model runs it: it dies at once, every time. It
    // says so first (a worker has no network to call in with), so each start is counted here.
    const refused = path.join(folder, 'refused-worker.mjs');
    writeFileSync(
      refused,
      `process.send({ type: 'error', message: 'starting' }, () => {
        console.error('node: bad option: --permission');
        process.exit(9);
      });`,
    );
    const starts = () => errors.filter((error) => error === 'host: starting').length;
    const said = () => errors.filter((error) => error !== 'host: starting');
    const renders = startPool({ worker: refused, remotes: [], identity: null });
    await renders.ready();
    expect(said()).toEqual([
      expect.stringMatching(
        /^server render is off: 3 render workers in a row could not start .*it exited \(9\); it said: node: bad option: --permission/,
      ),
    ]);
    expect(renders.health()).toEqual({
      state: 'unavailable',
      why: 'it exited (9); it said: node: bad option: --permission',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(starts()).toBe(START_FAILURES_BEFORE_GIVING_UP);
    expect(renders.pids()).toEqual([]);
    expect(said()).toHaveLength(1);
    // The pages go on without the server render, at once: not a wait for the deadline, which
    // would end in "no host render worker was free before the page's deadline".
    await expect(
      renders.shell({
        type: 'shell',
        url: '/',
        audience: 'visitor',
        config: config('host#test'),
        deadline: Date.now() + 2_000,
        account: null,
        nonce: 'n',
        ready: [],
      } as never),
    ).rejects.toThrow(/no render worker can start/);
  });

  it('replaces a worker that crashes after workers have started, every time, as before', async () => {
    release('remote_home', 'entry.crash', serverBundle('process.exit(3);'));
    const renders = startPool();
    await renders.ready();
    for (const key of ['a', 'b', 'c', 'd']) {
      expect(html(await renderSlot('remote_home', { key: `remote_home#${key}` }))).toBe('failed');
      await renders.ready();
    }
    expect(renders.health()).toEqual({ state: 'running' });
    expect(renders.pids('remote_home')).toHaveLength(1);
  });
});
