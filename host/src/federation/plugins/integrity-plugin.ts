import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '../../contract/runtime-config';
import { reportRemoteError } from '../../telemetry/rum-reporter';

/*
 * The browser runs only the release a rollout registered (decision 025). A remote's entry is
 * loaded with the integrity its rollout recorded, so bytes changed on the remote's origin after
 * the rollout do not run: the browser refuses the script, and the slot shows its fallback and
 * retry. The entry carries the digests of the chunks it loads (Rspack's
 * SubresourceIntegrityPlugin), so the chunks are held to the same release. The manifest is
 * trusted only as far as that goes: the assets it lists are not preloaded as scripts of their
 * own (federation's manifest preload would run them unchecked, ahead of the entry).
 */
export function integrityPlugin(remotes: RuntimeConfig['remotes']): ModuleFederationRuntimePlugin {
  const pins = new Map<string, string>(
    remotes.flatMap((remote) => (remote.integrity ? [[remote.name, remote.integrity.entry]] : [])),
  );
  return {
    name: 'integrity-plugin',
    beforePreloadRemote(args) {
      const pinned = args.preloadOps.filter((op) => pins.has(op.nameOrAlias));
      for (const op of pinned) args.preloadOps.splice(args.preloadOps.indexOf(op), 1);
    },
    createScript({ url, remoteInfo }) {
      const pin = remoteInfo ? pins.get(remoteInfo.name) : undefined;
      if (!pin || !remoteInfo || new URL(url).href !== new URL(remoteInfo.entry).href) return;
      const script = document.createElement('script');
      script.integrity = pin;
      // A cross-origin script is checked only when fetched with CORS.
      script.crossOrigin = 'anonymous';
      script.addEventListener('error', () => {
        // The browser does not tell a refusal from a failed load: either is counted as one.
        reportRemoteError(remoteInfo.name, 'integrity');
        console.warn(
          `[federation] ${remoteInfo.name}: its entry did not load, or is not the release rolled out (${pin})`,
        );
      });
      return script;
    },
  };
}
