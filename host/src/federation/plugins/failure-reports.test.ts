import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { startRum } from '../../telemetry/rum-reporter';
import { captureBeacons } from '../../testing/capture-beacons';
import { integrityPlugin } from './integrity-plugin';
import remoteFailurePlugin, { takeManifestFailure } from './remote-failure-plugin';

// A remote's entry that did not load, or was refused for its integrity, is counted against the
// release the configuration registered for it.

const RELEASE = 'abc123def456';
const MANIFEST = `https://cdn.lender.ge/home/releases/${RELEASE}/mf-manifest.json`;
const ENTRY = `https://cdn.lender.ge/home/releases/${RELEASE}/remoteEntry.js`;
const remotes = [
  {
    name: 'remote_home' as const,
    manifestUrl: MANIFEST,
    integrity: { entry: `sha384-${'A'.repeat(64)}` },
  },
];
const remoteInfo = {
  name: 'remote_home',
  entry: ENTRY,
  type: 'global',
  entryGlobalName: 'remote_home',
  shareScope: 'default',
};
const home = { slice: 'remote_home', release: RELEASE };

type ErrorLoadRemote = (args: Record<string, unknown>) => unknown;

describe('a remote’s entry that failed', () => {
  const page = captureBeacons();

  beforeEach(() => {
    startRum({ remotes, sampleRate: 1, route: () => 'index' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });

  it('is reported as refused for its integrity when the pinned entry does not run', () => {
    type CreateScript = NonNullable<ModuleFederationRuntimePlugin['createScript']>;
    const script = (integrityPlugin(remotes).createScript as CreateScript)({
      url: ENTRY,
      attrs: {},
      remoteInfo,
    } as Parameters<CreateScript>[0]) as HTMLScriptElement;
    script.dispatchEvent(new Event('error'));
    page.leave();
    expect(page.events()).toEqual([{ type: 'error', kind: 'integrity', ...home }]);
  });

  it('is reported once for a manifest or an entry that did not load, not for a missing module', () => {
    const errorLoadRemote = remoteFailurePlugin().errorLoadRemote as unknown as ErrorLoadRemote;
    // A manifest that failed: told at 'afterResolve' (the id is its address), then at 'onLoad'.
    errorLoadRemote({
      id: MANIFEST,
      lifecycle: 'afterResolve',
      remote: remoteInfo,
      error: new TypeError('Failed to fetch'),
    });
    errorLoadRemote({
      id: 'remote_home/HomeSlider',
      lifecycle: 'onLoad',
      error: new Error('[ Federation Runtime ]: #RUNTIME-003 Failed to get manifest.'),
    });
    errorLoadRemote({
      id: 'remote_home/HomeSlider',
      lifecycle: 'onLoad',
      remote: remoteInfo,
      error: new Error('[ Federation Runtime ]: #RUNTIME-008 Failed to load script resources.'),
    });
    errorLoadRemote({
      id: 'remote_home/HomeSlider',
      lifecycle: 'onLoad',
      error: new Error('Module "./HomeSlider" does not exist in container.'),
    });
    page.leave();
    expect(page.events()).toEqual([
      { type: 'error', kind: 'remote-entry', ...home },
      { type: 'error', kind: 'remote-entry', ...home },
    ]);
  });

  it('is recorded by the remote’s name, so the slot’s retry registers the remote again', () => {
    const errorLoadRemote = remoteFailurePlugin().errorLoadRemote as unknown as ErrorLoadRemote;
    errorLoadRemote({
      id: MANIFEST,
      lifecycle: 'afterResolve',
      remote: remoteInfo,
      error: new TypeError('Failed to fetch'),
    });
    expect(takeManifestFailure('remote_home')).toBe(true);
    expect(takeManifestFailure('remote_home')).toBe(false);
  });
});
