// @vitest-environment node
import { integrityOf } from 'release-contract/release-integrity';
import { type ConfiguredRemote, RemoteReleases } from './remote-releases';

const MANIFEST = 'http://remotes.test/home/mf-manifest.json';

/** A release's server bundle: CommonJS whose `modules` render the text it is given. */
const bundle = (text: string, requires = 'react') =>
  `const react = require(${JSON.stringify(requires)});
   exports.modules = { Greeting: () => Promise.resolve({ default: () => react.say(${JSON.stringify(text)}) }) };`;

function manifest(
  entry: { name: string; path: string } | undefined,
  remoteEntry = { name: 'remoteEntry.js', path: '', type: 'global' },
) {
  return {
    metaData: {
      remoteEntry,
      ...(entry ? { ssrRemoteEntry: { ...entry, type: 'commonjs-module' } } : {}),
    },
    exposes: [
      { name: 'Greeting', assets: { css: { sync: ['greeting.1234.css'] }, js: { sync: [] } } },
    ],
  };
}

/** A remote's files, answered by address; every request is counted. */
function remote(files: Record<string, unknown>) {
  const requests: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    requests.push(url);
    if (!(url in files)) return new Response('missing', { status: 404 });
    const body = files[url];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body));
  }) as typeof globalThis.fetch;
  return { fetch, requests, files };
}

const sharedScope = { react: () => ({ say: (text: string) => `said: ${text}` }) };

async function greet(
  releases: RemoteReleases,
  remote: ConfiguredRemote = { name: 'remote_home', manifestUrl: MANIFEST },
) {
  const release = await releases.current(remote);
  if (!release) return undefined;
  const module = (await release.modules.Greeting?.()) as { default: () => string };
  return { id: release.id, text: module.default(), styles: release.styles.Greeting };
}

describe('RemoteReleases', () => {
  it('runs the release’s server bundle with the host’s shared singletons', async () => {
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': bundle('v1'),
    });
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch });
    expect(await greet(releases)).toEqual({
      id: 'ssr/remote-entry.aaaa.cjs',
      text: 'said: v1',
      styles: ['http://remotes.test/home/greeting.1234.css'],
    });
  });

  it('reads the manifest again after a while and takes a new release, without a restart', async () => {
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': bundle('v1'),
      'http://remotes.test/home/ssr/remote-entry.bbbb.cjs': bundle('v2'),
    });
    let now = 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch, revalidateMs: 500 });
    expect((await greet(releases))?.text).toBe('said: v1');

    server.files[MANIFEST] = manifest({ name: 'remote-entry.bbbb.cjs', path: 'ssr' });
    now += 100;
    expect((await greet(releases))?.text).toBe('said: v1');
    now += 500;
    // The page that finds the reading stale is answered at once, with the release in use…
    expect((await greet(releases))?.text).toBe('said: v1');
    await releases.settled();
    // …and the pages after it get the new one, fetched and evaluated off their path.
    expect((await greet(releases))?.text).toBe('said: v2');
    clock.mockRestore();
  });

  it('never holds a page while it reads the manifest again, and keeps its release when it cannot', async () => {
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': bundle('v1'),
    });
    let manifestAnswers: 'yes' | 'never' | 'fails' = 'yes';
    const fetch = ((input: string | URL | Request, init?: RequestInit) => {
      if (String(input) === MANIFEST && manifestAnswers === 'never') return new Promise(() => {});
      if (String(input) === MANIFEST && manifestAnswers === 'fails') {
        return Promise.resolve(new Response('', { status: 503 }));
      }
      return server.fetch(input, init);
    }) as typeof globalThis.fetch;
    const releases = new RemoteReleases({ sharedScope, fetch, revalidateMs: 0 });
    expect((await greet(releases))?.text).toBe('said: v1');

    manifestAnswers = 'never';
    expect((await greet(releases))?.text).toBe('said: v1');

    const again = new RemoteReleases({ sharedScope, fetch, revalidateMs: 0 });
    manifestAnswers = 'yes';
    await greet(again);
    manifestAnswers = 'fails';
    await greet(again);
    await again.settled();
    expect((await greet(again))?.text).toBe('said: v1');
  });

  it('runs a new release’s modules before any page asks for them', async () => {
    const counted = `const react = require('react');
      exports.modules = { Greeting: () => {
        globalThis.__greetingRuns = (globalThis.__greetingRuns ?? 0) + 1;
        return Promise.resolve({ default: () => react.say('v1') });
      } };`;
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': counted,
    });
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch });
    await releases.current({ name: 'remote_home', manifestUrl: MANIFEST });
    expect(Reflect.get(globalThis, '__greetingRuns')).toBe(1);
    Reflect.deleteProperty(globalThis, '__greetingRuns');
  });

  it('keeps the release it has while the manifest names the same one', async () => {
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': bundle('v1'),
    });
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch, revalidateMs: 0 });
    await greet(releases);
    await greet(releases);
    await greet(releases);
    const bundleReads = server.requests.filter((url) => url.endsWith('.cjs'));
    expect(bundleReads).toHaveLength(1);
  });

  it('leaves to the browser a remote that is down, or whose release has no server code', async () => {
    const down = remote({});
    expect(await greet(new RemoteReleases({ sharedScope, fetch: down.fetch }))).toBeUndefined();
    const older = remote({ [MANIFEST]: manifest(undefined) });
    expect(await greet(new RemoteReleases({ sharedScope, fetch: older.fetch }))).toBeUndefined();
  });

  it('takes code only from the origin of the configured manifest', async () => {
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'http://elsewhere.test/ssr' }),
      'http://elsewhere.test/ssr/remote-entry.aaaa.cjs': bundle('v1'),
    });
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch });
    expect(await greet(releases)).toBeUndefined();
    expect(server.requests).toEqual([MANIFEST]);
  });

  it('refuses a bundle that asks for a module the host does not share', async () => {
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': bundle('v1', 'node:fs'),
    });
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch });
    expect(await greet(releases)).toBeUndefined();
  });

  it('keeps a module that failed on a name the host does not share failing with that name', async () => {
    // As a bundler's module does: its first run stops at the refusal, and asked again it is
    // handed out half-run, to fail inside a render naming nothing.
    const halfRun = `let runs = 0;
      exports.modules = { Greeting: () => Promise.resolve().then(() => {
        runs += 1;
        if (runs === 1) require('shared/strings/ka-loan-figures');
        return { default: () => { throw new ReferenceError("Cannot access 'words' before initialization"); } };
      }) };`;
    const server = remote({
      [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
      'http://remotes.test/home/ssr/remote-entry.aaaa.cjs': halfRun,
    });
    const releases = new RemoteReleases({ sharedScope, fetch: server.fetch });
    const release = await releases.current({ name: 'remote_home', manifestUrl: MANIFEST });
    await expect(release?.modules.Greeting?.()).rejects.toThrow(
      'requires shared/strings/ka-loan-figures, which the host does not share',
    );
  });

  describe('with the release a rollout registered (decision 025)', () => {
    const ENTRY = 'http://remotes.test/home/ssr/remote-entry.aaaa.cjs';
    const registered = bundle('v1');
    const REGISTERED_MANIFEST = manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' });
    const pinned = (server?: string): ConfiguredRemote => ({
      name: 'remote_home',
      manifestUrl: MANIFEST,
      integrity: {
        entry: integrityOf('entry'),
        ...(server ? { server } : {}),
        manifest: integrityOf(JSON.stringify(REGISTERED_MANIFEST)),
      },
    });

    it('runs a bundle whose bytes are the ones registered', async () => {
      const server = remote({
        [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
        [ENTRY]: registered,
      });
      const releases = new RemoteReleases({ sharedScope, fetch: server.fetch, unpinned: 'refuse' });
      expect((await greet(releases, pinned(integrityOf(registered))))?.text).toBe('said: v1');
    });

    it('runs not a byte of a bundle changed after its rollout, and says which remote and release', async () => {
      const tampered = `globalThis.__tampered = true; ${registered}`;
      const server = remote({
        [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
        [ENTRY]: tampered,
      });
      const refused: Error[] = [];
      const releases = new RemoteReleases({
        sharedScope,
        fetch: server.fetch,
        onRefused: (error) => refused.push(error),
      });
      expect(await greet(releases, pinned(integrityOf(registered)))).toBeUndefined();
      expect(Reflect.get(globalThis, '__tampered')).toBeUndefined();
      expect(refused.map((error) => error.message)).toEqual([
        expect.stringMatching(/^remote_home: release ssr\/remote-entry\.aaaa\.cjs is not run/),
      ]);
    });

    it('runs no server code of a remote registered without any, nor of one never registered in production', async () => {
      const server = remote({
        [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
        [ENTRY]: registered,
      });
      const releases = new RemoteReleases({ sharedScope, fetch: server.fetch, unpinned: 'refuse' });
      expect(await greet(releases, pinned())).toBeUndefined();
      expect(await greet(releases)).toBeUndefined();
      expect(server.requests).not.toContain(ENTRY);
    });

    // Issue 45, row 2: the manifest changed after the rollout. It names the code to run, so the
    // release is refused whole, before anything it names is fetched.
    it.each([
      [
        'its browser entry renamed to evil.js and made a module',
        manifest(
          { name: 'remote-entry.aaaa.cjs', path: 'ssr' },
          { name: 'evil.js', path: '', type: 'module' },
        ),
      ],
      ['its server bundle renamed', manifest({ name: 'evil.cjs', path: 'ssr' })],
      ['one byte more', `${JSON.stringify(REGISTERED_MANIFEST)} `],
    ])(
      'refuses a release whose manifest has %s, fetching nothing it names',
      async (_change, tampered) => {
        const server = remote({
          [MANIFEST]: tampered,
          [ENTRY]: registered,
          'http://remotes.test/home/ssr/evil.cjs': 'globalThis.__evil = true;',
        });
        const refused: string[] = [];
        const releases = new RemoteReleases({
          sharedScope,
          fetch: server.fetch,
          unpinned: 'refuse',
          onRefused: (error) => refused.push(error.message),
        });
        expect(await greet(releases, pinned(integrityOf(registered)))).toBeUndefined();
        expect(server.requests).toEqual([MANIFEST]);
        expect(refused).toEqual([
          expect.stringMatching(
            /^remote_home: release .*mf-manifest\.json is not run on the server \(its manifest's digest is sha384-/,
          ),
        ]);
      },
    );

    it('stops rendering a release whose manifest is changed while it is in use', async () => {
      const server = remote({ [MANIFEST]: REGISTERED_MANIFEST, [ENTRY]: registered });
      const releases = new RemoteReleases({ sharedScope, fetch: server.fetch, revalidateMs: 0 });
      const home = pinned(integrityOf(registered));
      expect((await greet(releases, home))?.text).toBe('said: v1');

      server.files[MANIFEST] = manifest(
        { name: 'remote-entry.aaaa.cjs', path: 'ssr' },
        { name: 'evil.js', path: '', type: 'module' },
      );
      await greet(releases, home);
      await releases.settled();
      expect(await greet(releases, home)).toBeUndefined();
    });

    it('runs no server code of a release whose manifest was never registered, in production', async () => {
      const server = remote({ [MANIFEST]: REGISTERED_MANIFEST, [ENTRY]: registered });
      const releases = new RemoteReleases({ sharedScope, fetch: server.fetch, unpinned: 'refuse' });
      const { manifest: _unregistered, ...integrity } = pinned(integrityOf(registered))
        .integrity ?? {
        entry: '',
      };
      expect(await greet(releases, { ...pinned(), integrity })).toBeUndefined();
      expect(server.requests).toEqual([]);
    });

    it('takes up a new rollout of the same remote at once', async () => {
      const server = remote({
        [MANIFEST]: manifest({ name: 'remote-entry.aaaa.cjs', path: 'ssr' }),
        [ENTRY]: registered,
      });
      const releases = new RemoteReleases({ sharedScope, fetch: server.fetch });
      expect(await greet(releases, pinned(integrityOf('another release')))).toBeUndefined();
      expect((await greet(releases, pinned(integrityOf(registered))))?.text).toBe('said: v1');
    });
  });
});
