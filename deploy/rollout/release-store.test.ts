import { REMOTE_APPS, type RemoteApp } from 'release-contract/apps';
import { describe, expect, it } from 'vitest';
import { releaseStore } from './release-store';
import { memoryFiles } from './testing/memory-files';

const PATHS = {
  document: '/d/releases.json',
  registry: '/d/registry',
  inProduction: '/d/pin.json',
};
const home = REMOTE_APPS.find((app) => app.folder === 'remote-home') as RemoteApp;
const ID = 'aaaaaaaaaaaa';
const pin = (char: string) => `sha384-${char.repeat(64)}`;

describe('the release store', () => {
  it('reads back the releases document it wrote, a canary and the digests included, and says how to make it when missing', () => {
    const files = memoryFiles();
    const store = releaseStore(files, PATHS);
    expect(() => store.readDocument()).toThrow(
      `${PATHS.document} does not exist: run "pnpm start:nginx"`,
    );
    const url = (id: string) => `http://localhost:3000/remote-home/releases/${id}/mf-manifest.json`;
    const integrity = { entry: pin('A'), manifest: pin('B') };
    const document = {
      remotes: [
        {
          name: home.name,
          manifestUrl: url(ID),
          integrity,
          canary: { manifestUrl: url('bbbbbbbbbbbb'), percent: 5, integrity },
        },
      ],
    };
    store.writeDocument(document);
    expect(store.readDocument()).toEqual(document);
    // Moved into place whole: a page server reading it meets the old or the new, never half.
    expect(files.read(`${PATHS.document}.tmp`)).toBeUndefined();
    files.write(PATHS.document, '{ "remotes": [{ "name": "remote_home" }] }');
    expect(() => store.readDocument()).toThrow();
  });

  it('registers a release once; a release registered without its manifest gains it from the same build only', () => {
    const files = memoryFiles();
    const store = releaseStore(files, PATHS);
    store.register(home, ID, { entry: pin('A') }, 'old-build');
    expect(() => store.registeredPins(home, ID)).toThrow('without its manifest');
    expect(() =>
      store.register(home, ID, { entry: pin('C'), manifest: pin('B') }, 'other'),
    ).toThrow(`other is not the build remote-home release ${ID} registered`);
    store.register(home, ID, { entry: pin('A'), manifest: pin('B') }, 'build');
    store.register(home, ID, { entry: pin('D'), manifest: pin('D') }, 'later');
    expect(store.registeredPins(home, ID)).toEqual({ entry: pin('A'), manifest: pin('B') });
    expect(() => store.registeredPins(home, 'bbbbbbbbbbbb')).toThrow('was never deployed here');
  });

  it('keeps the first commit recorded for a release, and only a commit', () => {
    const store = releaseStore(memoryFiles(), PATHS);
    store.recordCommit(home, ID, 'HEAD');
    expect(store.commitOf(home, ID)).toBeUndefined();
    store.recordCommit(home, ID, '1'.repeat(40));
    store.recordCommit(home, ID, '2'.repeat(40));
    expect(store.commitOf(home, ID)).toBe('1'.repeat(40));
  });

  it('records a skew pass once per release', () => {
    const files = memoryFiles();
    const store = releaseStore(files, PATHS);
    expect(store.skewPassed(home, ID)).toBe(false);
    store.recordSkewPass(home, ID, new Date('2026-01-01T00:00:00Z'));
    store.recordSkewPass(home, ID, new Date('2026-01-02T00:00:00Z'));
    expect(store.skewPassed(home, ID)).toBe(true);
    expect(JSON.parse(files.read(`${PATHS.registry}/skew-passes.json`) ?? '')).toEqual([
      { remote: 'remote-home', release: ID, at: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});
