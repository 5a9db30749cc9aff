import { REMOTE_APPS, type RemoteApp } from 'tooling/apps';
import { describe, expect, it } from 'vitest';
import { releaseStore } from './release-store';
import { memoryFiles } from './testing/memory-files';

const PATHS = { pins: '/d/releases.env', registry: '/d/registry', inProduction: '/d/pin.json' };
const home = REMOTE_APPS.find((app) => app.folder === 'remote-home') as RemoteApp;
const ID = 'aaaaaaaaaaaa';
const pin = (char: string) => `sha384-${char.repeat(64)}`;

describe('the release store', () => {
  it('reads back the pins it wrote, a canary included, and says how to make them when missing', () => {
    const store = releaseStore(memoryFiles(), PATHS);
    expect(() => store.readPins()).toThrow(`${PATHS.pins} does not exist: run "pnpm start:nginx"`);
    const pins = Object.fromEntries(REMOTE_APPS.map((app) => [app.urlEnv, `${app.folder}.json`]));
    store.writePins({ ...pins, [home.canaryUrlEnv]: 'next.json', [home.canaryPercentEnv]: '5' });
    expect(store.readPins()).toEqual({
      ...pins,
      [home.canaryUrlEnv]: 'next.json',
      [home.canaryPercentEnv]: '5',
    });
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
