import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordLoadedRelease } from '../server-rendered-slots';

/**
 * Records which release of each remote the browser loaded: its manifest names the release's
 * server bundle, which is what the server says it rendered a slot with (decision 020).
 */
export default function releaseRecordPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'release-record-plugin',
    loadRemoteSnapshot(args) {
      const entry = (
        args.manifestJson?.metaData as { ssrRemoteEntry?: { name?: string; path?: string } }
      )?.ssrRemoteEntry;
      if (entry?.name) recordLoadedRelease(args.moduleInfo.name, `${entry.path}/${entry.name}`);
      return args;
    },
  };
}
