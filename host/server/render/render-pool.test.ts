// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from 'tooling/server/bundle-server';
import type { RuntimeConfig } from '../../src/contract/runtime-config';
import { type RenderedByWorker, RenderPool, workerEnv } from './render-pool';

/*
 * The render workers as the page server runs them: the real worker script (bundled as the
 * build bundles it), a stand-in render bundle that renders one slot, and remotes served over
 * HTTP whose server bundles do what a compromised or broken release would.
 */

const hostRoot = fileURLToPath(new URL('../..', import.meta.url));
let folder: string;
let worker: string;
let renderBundle: string;
let origin: string;
let remotes: Server;
/** Each remote's server bundle, by remote name: what its origin serves now. */
const releases = new Map<string, { id: string; source: string }>();

/**
 * Renders the page's one slot (the URL's path names its remote, and its module unless Probe) with what the slot's module
 * default export returns, or `fallback` when its code is left to the browser.
 */
const RENDER_BUNDLE = `
exports.sharedScope = {};
exports.setProviderAddress = () => {};
exports.renderPage = async (options) => {
  const path = options.url.slice(1);
  const id = path.includes('/') ? path : path + '/Probe';
  let html = 'fallback';
  const slots = [];
  try {
    const slot = await options.loadSlot(id);
    options.onSliceCode?.(id, slot.release, 'enter');
    html = String(slot.module.default());
    options.onSliceCode?.(id, slot.release, 'leave');
    slots.push(id);
  } catch (error) {
    options.onError?.(error);
  }
  return {
    kind: 'page', status: 200, html, slots, outcomes: [],
    state: { audience: options.audience, queries: { queries: [], mutations: [] },
      router: { loaderData: {}, actionData: null, errors: null }, slots: {} },
  };
};`;

/** A release's server bundle whose one module renders what `body` returns. */
const serverBundle = (body: string, topLevel = '') =>
  `${topLevel}
exports.modules = { Probe: () => Promise.resolve({ default: () => { ${body} } }) };`;

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
    env: Object.keys(process.env).filter((name) => !name.startsWith('NODE_CHANNEL')),
    flags: process.execArgv,
  });`);

function release(remote: string, id: string, source: string) {
  releases.set(remote, { id, source });
}

const config = (...names: string[]) =>
  ({
    remotes: names.map((name) => ({ name, manifestUrl: `${origin}/${name}/mf-manifest.json` })),
  }) as unknown as RuntimeConfig;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'render-pool-'));
  worker = path.join(folder, 'render-worker.mjs');
  renderBundle = path.join(folder, 'render-page.cjs');
  await bundleServer(path.join(hostRoot, 'server/render/render-worker.ts'), worker, hostRoot, true);
  writeFileSync(renderBundle, RENDER_BUNDLE);
  remotes = createServer((request, response) => {
    const [, name, file] = request.url?.match(/^\/([^/]+)\/(.+)$/) ?? [];
    const current = name ? releases.get(name) : undefined;
    if (!current) return response.writeHead(404).end();
    if (file === 'mf-manifest.json') {
      response.setHeader('Content-Type', 'application/json');
      return response.end(
        JSON.stringify({
          metaData: { ssrRemoteEntry: { name: `${current.id}.cjs`, path: 'ssr' } },
          exposes: [{ name: 'Probe', assets: { css: { sync: [] } } }],
        }),
      );
    }
    return response.end(current.source);
  });
  await new Promise<void>((resolve) => remotes.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(remotes.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => remotes.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

let pool: RenderPool | undefined;
let errors: string[];

function startPool(options: Partial<ConstructorParameters<typeof RenderPool>[0]> = {}) {
  errors = [];
  pool = new RenderPool({
    worker,
    bundle: renderBundle,
    apiUpstream: 'http://127.0.0.1:9',
    unpinned: 'evaluate',
    revalidateMs: 0,
    size: 2,
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

const html = (page: RenderedByWorker) => (page.kind === 'page' ? page.html : page.kind);

/** Renders until the page shows what is expected (a new release is taken up in the background). */
async function renderUntil(
  render: () => Promise<RenderedByWorker>,
  expected: string,
): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < 100; attempt += 1) {
    // A page asked while the only worker is being replaced may find none ready in its time.
    last = await render().then(html, (error: Error) => error.message);
    if (last === expected) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return last;
}

describe('RenderPool', () => {
  it('renders a slot with its release’s code, in a worker', async () => {
    release('remote_home', 'entry.aaaa', serverBundle('return "hello from aaaa";'));
    const renders = startPool();
    await renders.ready();
    const page = await renders.render(
      '/remote_home',
      config('remote_home'),
      'visitor',
      Date.now() + 2000,
    );
    expect(page).toMatchObject({
      kind: 'page',
      html: 'hello from aaaa',
      slots: ['remote_home/Probe'],
    });
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
    const home = config('remote_home');
    const underWay = renders.render('/remote_home', home, 'visitor', Date.now() + 5_000);
    const closed = renders.close();
    await expect(
      renders.render('/remote_home', home, 'visitor', Date.now() + 5_000),
    ).rejects.toThrow(/stopping/);
    expect(html(await underWay)).toBe('slow');
    await closed;
    expect(renders.pids()).toEqual([]);
  });

  it('gives a slice’s code no file, binding, process, thread or secret', async () => {
    release('remote_probe', 'entry.probe', PROBE);
    const renders = startPool();
    await renders.ready();
    const page = await renders.render(
      '/remote_probe',
      config('remote_probe'),
      'visitor',
      Date.now() + 2000,
    );
    expect(JSON.parse(html(page))).toEqual({
      require: expect.stringContaining('does not share'),
      readFile: 'ERR_ACCESS_DENIED',
      writeFile: 'ERR_ACCESS_DENIED',
      binding: 'ERR_ACCESS_DENIED',
      childProcess: 'ERR_ACCESS_DENIED',
      thread: 'ERR_ACCESS_DENIED',
      env: ['NODE_ENV'],
      // Memory bounded by the worker's own start, not by a command line someone must remember.
      flags: expect.arrayContaining([
        '--permission',
        '--max-old-space-size=256',
        '--no-compilation-cache',
      ]),
    });
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

  it('kills a worker whose slot never yields, leaves that release to the browser and renders the others', async () => {
    release('remote_home', 'entry.aaaa', serverBundle('return "hello";'));
    release('remote_loop', 'entry.loop', serverBundle('for (;;) {}'));
    const renders = startPool();
    await renders.ready();
    const before = renders.pids();
    const both = config('remote_home', 'remote_loop');

    const looping = await renders.render('/remote_loop', both, 'visitor', Date.now() + 400);
    // The page still comes, with its slot as the browser will render it.
    expect(html(looping)).toBe('fallback');
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^remote_loop: release ssr\/entry\.loop\.cjs: remote_loop\/Probe stopped a render worker while it rendered/,
      ),
    );
    // Another page is rendered meanwhile, and the killed worker is replaced.
    expect(html(await renders.render('/remote_home', both, 'visitor', Date.now() + 2000))).toBe(
      'hello',
    );
    await renders.ready();
    expect(renders.pids()).toHaveLength(2);
    expect(renders.pids().filter((pid) => before.includes(pid))).toHaveLength(1);
    // That release is not run again: its pages come at once, without a worker stopped.
    const again = await renders.render('/remote_loop', both, 'visitor', Date.now() + 2000);
    expect(html(again)).toBe('fallback');
    expect(renders.pids()).toHaveLength(2);
    expect(renders.pids().filter((pid) => before.includes(pid))).toHaveLength(1);
  });

  // A worker the machine does not schedule is silent without spending CPU: blocked here in
  // Atomics.wait, which sleeps the worker's one thread as a starved process sleeps.
  const blockedFor = (ms: number, result: string) =>
    serverBundle(
      `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms}); return ${JSON.stringify(result)};`,
    );

  it.runIf(process.platform === 'linux')(
    'waits for a worker silent without spending CPU, as a busy machine leaves it: nothing is quarantined',
    async () => {
      release('remote_home', 'entry.starved', blockedFor(1_500, 'late but whole'));
      const renders = startPool();
      await renders.ready();
      const before = renders.pids();
      const home = config('remote_home');
      // Silent for three stall allowances, yet it used no CPU: the page comes whole.
      const page = await renders.render('/remote_home', home, 'visitor', Date.now() + 5_000);
      expect(html(page)).toBe('late but whole');
      expect(errors).toEqual([]);
      expect(renders.pids()).toEqual(before);
      expect(renders.avoiding()).toEqual([]);
    },
  );

  it.runIf(process.platform === 'linux')(
    'stops a worker blocked without spending CPU once its patience ends, and quarantines the slot',
    async () => {
      release('remote_home', 'entry.blocked', blockedFor(60_000, 'never'));
      const renders = startPool({ stallMs: 200 });
      await renders.ready();
      const render = () =>
        renders.render('/remote_home', config('remote_home'), 'visitor', Date.now() + 400);
      // Its page is given up when its time is over, long before the worker is judged.
      await render().catch(() => undefined);
      await vi.waitFor(
        () =>
          expect(errors).toContainEqual(
            expect.stringMatching(
              /^remote_home: release ssr\/entry\.blocked\.cjs: remote_home\/Probe stopped a render worker while it rendered/,
            ),
          ),
        { timeout: 10_000 },
      );
      // The next page does not run it again. Its worker was replaced: on a loaded machine the
      // new one can take longer to start than this page's 400 ms, and would then refuse it.
      await renders.ready();
      expect(html(await render())).toBe('fallback');
    },
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
    const renders = startPool({ size: 1 });
    await renders.ready();
    const render = () =>
      renders.render('/remote_home', config('remote_home'), 'visitor', Date.now() + 3_000);
    expect(html(await render())).toBe('whole');
    // It stops the worker: not quarantined, so the page is rendered again with it, by the
    // fresh worker, where it renders unharmed.
    expect(html(await render())).toBe('whole');
    expect(errors).toContainEqual(
      expect.stringMatching(/after running unharmed; it is tried again/),
    );
    expect(renders.avoiding()).toEqual([]);
    // Its second stop quarantines it: that page and the next come without it.
    expect(html(await render())).toBe('fallback');
    expect(errors).toContainEqual(
      expect.stringMatching(/remote_home\/Probe stopped a render worker while it rendered/),
    );
    await renders.ready();
    expect(html(await render())).toBe('fallback');
    expect(renders.avoiding()).toEqual(['remote_home ssr/entry.second.cjs remote_home/Probe']);
  });

  it('renders pages without a slot while a worker is silent in it, so one loop stops one worker', async () => {
    release('remote_loop', 'entry.loop2', serverBundle('for (;;) {}'));
    // Judged only after the suspicion below has come and been acted on.
    const renders = startPool({ stallMs: 4_000 });
    await renders.ready();
    const before = renders.pids();
    const loopConfig = config('remote_loop');
    const first = renders.render('/remote_loop', loopConfig, 'visitor', Date.now() + 400);
    const slot = 'remote_loop ssr/entry.loop2.cjs remote_loop/Probe';
    await vi.waitFor(() => expect(renders.avoiding()).toContain(slot), { timeout: 3_000 });
    // Sent while the first worker is still being judged: the other worker does not run the loop.
    const second = await renders.render('/remote_loop', loopConfig, 'visitor', Date.now() + 400);
    expect(html(second)).toBe('fallback');
    expect(html(await first)).toBe('fallback');
    await renders.ready();
    expect(renders.pids().filter((pid) => before.includes(pid))).toHaveLength(1);
  });

  it('runs a new release’s slot in one worker first, so pages at the same moment stop one worker', async () => {
    release('remote_loop', 'entry.loop3', serverBundle('for (;;) {}'));
    const renders = startPool();
    await renders.ready();
    const before = renders.pids();
    const loopConfig = config('remote_loop');
    // Two pages at once: one on each worker.
    const pages = await Promise.all(
      [1, 2].map(() => renders.render('/remote_loop', loopConfig, 'visitor', Date.now() + 400)),
    );
    expect(pages.map(html)).toEqual(['fallback', 'fallback']);
    await renders.ready();
    expect(renders.pids().filter((pid) => before.includes(pid))).toHaveLength(1);
    // One worker stopped, once; the page it held rendered again without that slot.
    expect(errors.filter((error) => error.startsWith('remote_loop: release'))).toHaveLength(1);
  });

  it('evaluates a new release in one worker first: an endless evaluation stops one worker', async () => {
    release('remote_home', 'entry.evalloop2', serverBundle('return "never";', 'for (;;) {}'));
    const renders = startPool();
    await renders.ready();
    const before = renders.pids();
    const home = config('remote_home');
    const pages = await Promise.all(
      [1, 2].map(() => renders.render('/remote_home', home, 'visitor', Date.now() + 400)),
    );
    expect(pages.map(html)).toEqual(['fallback', 'fallback']);
    await vi.waitFor(() => expect(errors.join('\n')).toContain('while it was evaluated'), {
      timeout: 10_000,
    });
    await renders.ready();
    expect(renders.pids().filter((pid) => before.includes(pid))).toHaveLength(1);
  });

  it('leaves only the looping slot to the browser: the release’s other slots still render', async () => {
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
    const home = config('remote_home');
    const looping = await renders.render('/remote_home', home, 'visitor', Date.now() + 400);
    expect(html(looping)).toBe('fallback');
    const other = await renders.render(
      '/remote_home/Calculator',
      home,
      'visitor',
      Date.now() + 2000,
    );
    expect(other).toMatchObject({ html: 'calculator', slots: ['remote_home/Calculator'] });
  });

  it('puts a release whose evaluation never ends down to it, and takes up the next release', async () => {
    release('remote_home', 'entry.evalloop', serverBundle('return "never";', 'for (;;) {}'));
    const renders = startPool({ size: 1 });
    await renders.ready();
    const render = () =>
      renders.render('/remote_home', config('remote_home'), 'visitor', Date.now() + 400);
    expect(await renderUntil(render, 'fallback')).toBe('fallback');
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.stringMatching(
            /^remote_home: release ssr\/entry\.evalloop\.cjs: stopped a render worker while it was evaluated/,
          ),
        ),
      { timeout: 10_000 },
    );
    release('remote_home', 'entry.fixed', serverBundle('return "fixed";'));
    expect(await renderUntil(render, 'fixed')).toBe('fixed');
  });

  it('replaces a worker after its releases, so old module graphs go with it', async () => {
    const renders = startPool({ size: 1, recycleAfterReleases: 2 });
    await renders.ready();
    const [first] = renders.pids();
    const render = () =>
      renders.render('/remote_home', config('remote_home'), 'visitor', Date.now() + 2000);
    for (const id of ['r1', 'r2', 'r3']) {
      release('remote_home', `entry.${id}`, serverBundle(`return "${id}";`));
      expect(await renderUntil(render, id)).toBe(id);
    }
    expect(renders.pids()).not.toContain(first);
    expect(errors).toEqual([]);
  });

  it('ends a worker whose release takes more memory than its heap limit, and renders without it', async () => {
    release(
      'remote_home',
      'entry.hungry',
      serverBundle('const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length));'),
    );
    // Two workers: the page goes to the other at once (a replacement may take longer than
    // the page's budget to start on a busy machine).
    const renders = startPool({ heapMb: 32, stallMs: 60_000 });
    await renders.ready();
    const page = await renders.render(
      '/remote_home',
      config('remote_home'),
      'visitor',
      Date.now() + 400,
    );
    expect(html(page)).toBe('fallback');
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^remote_home: release ssr\/entry\.hungry\.cjs: remote_home\/Probe stopped a render worker while it rendered \(it exited/,
      ),
    );
  });
});
