import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { type RemoteModuleId, remoteNameOf } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { isModuleMissingFromContainer, ModuleNotInRelease } from './module-not-in-release';
import { integrityPlugin } from './plugins/integrity-plugin';
import { takeManifestFailure } from './plugins/remote-failure-plugin';
import type { RemoteModuleMap } from './remote-modules';

let registered: RuntimeConfig['remotes'] = [];

/** Registers the remotes named by the runtime configuration with the bundler's MF instance. */
export function registerConfiguredRemotes(remotes: RuntimeConfig['remotes']): void {
  registered = remotes;
  // Before the first load: every entry of a pinned remote is checked (decision 025).
  registerPlugins([integrityPlugin(remotes)]);
  registerRemotes(remotes.map((remote) => ({ name: remote.name, entry: remote.manifestUrl })));
}

/** Loads one exposed module; rejects when the remote is unreachable or the module is missing. */
export async function loadRemoteModule<Id extends RemoteModuleId>(
  id: Id,
): Promise<RemoteModuleMap[Id]> {
  const name = remoteNameOf(id);
  if (takeManifestFailure(name)) {
    // A manifest that failed before may be cached as failed: register it afresh.
    const remote = registered.find((candidate) => candidate.name === name);
    if (remote) registerRemotes([{ name, entry: remote.manifestUrl }], { force: true });
  }
  const module = await loadRemote<RemoteModuleMap[Id]>(id).catch((error: unknown) => {
    throw isModuleMissingFromContainer(error)
      ? new ModuleNotInRelease(id, { cause: error })
      : error;
  });
  if (!module) throw new Error(`Remote module ${id} could not be loaded`);
  return module;
}
