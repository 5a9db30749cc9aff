import { createHash } from 'node:crypto';
import {
  createInstance,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { integrityPlugin } from './integrity-plugin';

/** A body's digest as a rollout registers it (release-contract/release-integrity, which no browser code imports). */
const integrityOf = (body: string) =>
  `sha384-${createHash('sha384').update(body).digest('base64')}`;

const PIN = `sha384-${'A'.repeat(64)}`;
const ENTRY = 'https://home.lender.ge/v12/remoteEntry.js';

const plugin = integrityPlugin([
  {
    name: 'remote_home',
    manifestUrl: 'https://home.lender.ge/v12/mf-manifest.json',
    integrity: { entry: PIN },
  },
  { name: 'remote_loans', manifestUrl: 'https://loans.lender.ge/mf-manifest.json' },
]);

type CreateScript = NonNullable<ModuleFederationRuntimePlugin['createScript']>;
const createScript = (url: string, name: string, entry = ENTRY) =>
  (plugin.createScript as CreateScript)({
    url,
    attrs: {},
    remoteInfo: { name, entry, type: 'global', entryGlobalName: name, shareScope: 'default' },
  } as Parameters<CreateScript>[0]);

describe('the browser runs only the release a rollout registered', () => {
  it('loads a pinned remote’s entry with its integrity, fetched with CORS', () => {
    const script = createScript(ENTRY, 'remote_home');
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect((script as HTMLScriptElement).integrity).toBe(PIN);
    expect((script as HTMLScriptElement).crossOrigin).toBe('anonymous');
  });

  it('leaves alone a script that is not the entry, and a remote without pins', () => {
    expect(createScript('https://home.lender.ge/v12/123.js', 'remote_home')).toBeUndefined();
    expect(
      createScript(
        'https://loans.lender.ge/remoteEntry.js',
        'remote_loans',
        'https://loans.lender.ge/remoteEntry.js',
      ),
    ).toBeUndefined();
  });

  it('does not run the chunks a pinned remote’s manifest lists ahead of its entry', async () => {
    const preloadOps = [{ nameOrAlias: 'remote_home' }, { nameOrAlias: 'remote_loans' }];
    const before = plugin.beforePreloadRemote as (args: { preloadOps: typeof preloadOps }) => void;
    await before({ preloadOps });
    expect(preloadOps).toEqual([{ nameOrAlias: 'remote_loans' }]);
  });
});

/*
 * Issue 45, row 2: a release's manifest changed after its rollout — its entry renamed to a new
 * `evil.js` and made a `module`, which the runtime `import()`s past any script's integrity. The
 * slot must fall back, evil.js never requested.
 */
describe('a pinned remote’s manifest changed after its rollout', () => {
  let release = 0;
  /** A release of its own per test: the runtime keeps what it loaded by address. */
  const releaseBase = () => {
    release += 1;
    return `https://home.lender.ge/r${release}/`;
  };

  const manifestOf = (entry: { name: string; type: string }) =>
    JSON.stringify({
      id: 'remote_home',
      name: 'remote_home',
      metaData: {
        name: 'remote_home',
        globalName: 'remote_home',
        buildInfo: { buildVersion: '0.1.0', buildName: 'remote-home' },
        publicPath: 'auto',
        remoteEntry: { ...entry, path: '' },
        types: { path: '', name: '', zip: '', api: '' },
        pluginVersion: '2.9.2',
      },
      shared: [],
      remotes: [],
      exposes: [
        {
          id: 'remote_home:LoanCalculator',
          name: 'LoanCalculator',
          path: './LoanCalculator',
          assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
        },
      ],
    });
  const REGISTERED = manifestOf({ name: 'remoteEntry.js', type: 'global' });

  /**
   * The remote's origin, behind the browser's own check of `integrity` (Chromium refuses a
   * body whose digest differs: a TypeError, as tampered-release.spec sees through nginx).
   */
  function origin(files: Record<string, string>) {
    const requests: { url: string; integrity: string | undefined }[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = String(input);
      requests.push({ url, integrity: init.integrity });
      const body = files[url];
      if (body === undefined) return new Response('missing', { status: 404 });
      if (init.integrity && init.integrity !== integrityOf(body)) {
        throw new TypeError('Failed to fetch');
      }
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    return requests;
  }

  /** The host's federation runtime with the remote pinned as its rollout registered it. */
  function host(base: string) {
    const pins = {
      entry: integrityOf('var remote_home = {};'),
      manifest: integrityOf(REGISTERED),
    };
    const entriesLoaded: string[] = [];
    const recorder: ModuleFederationRuntimePlugin = {
      name: 'entries-loaded',
      loadEntry({ remoteInfo }) {
        entriesLoaded.push(`${remoteInfo.type} ${remoteInfo.entry}`);
      },
    };
    const instance = createInstance({
      name: `integrity_host_${release}`,
      remotes: [{ name: 'remote_home', entry: `${base}mf-manifest.json` }],
      shared: {},
      plugins: [
        recorder,
        integrityPlugin([
          { name: 'remote_home', manifestUrl: `${base}mf-manifest.json`, integrity: pins },
        ]),
      ],
    });
    return { instance, pins, entriesLoaded };
  }

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const script of document.querySelectorAll('script')) script.remove();
  });

  it('reads the registered manifest, and loads its entry only with the entry’s pin', async () => {
    const base = releaseBase();
    const requests = origin({ [`${base}mf-manifest.json`]: REGISTERED });
    const { instance, pins } = host(base);
    const loading = instance.loadRemote('remote_home/LoanCalculator').catch(() => undefined);

    const script = await vi.waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(
        `script[src="${base}remoteEntry.js"]`,
      );
      if (!found) throw new Error('the entry was not loaded');
      return found;
    });
    expect(script.integrity).toBe(pins.entry);
    expect(requests).toEqual([{ url: `${base}mf-manifest.json`, integrity: pins.manifest }]);
    // jsdom runs no script: end the load as a refused one would.
    script.dispatchEvent(new Event('error'));
    await loading;
  });

  it.each([
    ['its entry renamed and made a module', manifestOf({ name: 'evil.js', type: 'module' })],
    ['its entry made a module', manifestOf({ name: 'remoteEntry.js', type: 'module' })],
    ['its entry renamed', manifestOf({ name: 'evil.js', type: 'global' })],
    ['one byte more', `${REGISTERED} `],
  ])('falls back, loading no entry, for a manifest with %s', async (_change, tampered) => {
    const base = releaseBase();
    const requests = origin({
      [`${base}mf-manifest.json`]: tampered,
      [`${base}evil.js`]: 'globalThis.__evil = true; export const get = () => {};',
    });
    const { instance, entriesLoaded } = host(base);

    await expect(instance.loadRemote('remote_home/LoanCalculator')).rejects.toThrow(/RUNTIME-003/);
    expect(entriesLoaded).toEqual([]);
    expect(requests.map((request) => request.url)).toEqual([`${base}mf-manifest.json`]);
    expect(document.querySelector('script')).toBeNull();
  });
});

describe('a pinned remote’s entry that is not a script', () => {
  const home = integrityPlugin([
    {
      name: 'remote_home',
      manifestUrl: 'https://home.lender.ge/v12/mf-manifest.json',
      // A configuration written before manifests were pinned: the entry's type still decides.
      integrity: { entry: PIN },
    },
    { name: 'remote_loans', manifestUrl: 'https://loans.lender.ge/mf-manifest.json' },
  ]);
  type LoadEntry = (args: { remoteInfo: { name: string; type: string } }) => Promise<unknown>;
  const loadEntry = (name: string, type: string) =>
    (home.loadEntry as unknown as LoadEntry)({ remoteInfo: { name, type } });

  it('is refused, so its slot falls back: an import() carries no pin', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const type of ['module', 'esm', 'system']) {
      await expect(loadEntry('remote_home', type), type).rejects.toThrow(/not loaded unpinned/);
    }
  });

  it('leaves a script entry to the pinned <script>, and an unpinned remote alone', async () => {
    await expect(loadEntry('remote_home', 'global')).resolves.toBeUndefined();
    await expect(loadEntry('remote_loans', 'module')).resolves.toBeUndefined();
  });
});
