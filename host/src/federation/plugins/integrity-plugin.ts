import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SCRIPT_ENTRY_TYPES } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { reportRemoteError } from '../../telemetry/rum-reporter';

type Pins = NonNullable<RuntimeConfig['remotes'][number]['integrity']>;

/*
 * The browser runs only the release a rollout registered (decision 025, issue 45). Its manifest
 * is read only when its bytes are the ones registered: it decides where the entry is and how it
 * loads, so a manifest changed after the rollout (another entry, a `module` entry the runtime
 * would `import()`) is a remote that is down. The entry is loaded with the integrity its rollout
 * recorded, and only through a `<script>`, the one load a pin reaches. The entry carries the
 * digests of the chunks and style sheets it loads (Rspack's SubresourceIntegrityPlugin), so
 * they are held to the same release. The assets the manifest lists are not preloaded as
 * scripts of their own (federation's manifest preload would run them unchecked, ahead of the
 * entry).
 */
export function integrityPlugin(remotes: RuntimeConfig['remotes']): ModuleFederationRuntimePlugin {
  const pins = new Map<string, Pins>(
    remotes.flatMap((remote) => (remote.integrity ? [[remote.name, remote.integrity]] : [])),
  );
  const refused = (name: string, what: string) => {
    // The browser does not tell a refusal from a failed load: either is counted as one.
    reportRemoteError(name, 'integrity');
    console.warn(`[federation] ${name}: ${what} (${pins.get(name)?.entry})`);
  };
  return {
    name: 'integrity-plugin',
    beforePreloadRemote(args) {
      const pinned = args.preloadOps.filter((op) => pins.has(op.nameOrAlias));
      for (const op of pinned) args.preloadOps.splice(args.preloadOps.indexOf(op), 1);
    },
    fetch(url, init, remoteInfo) {
      const pin = remoteInfo ? pins.get(remoteInfo.name)?.manifest : undefined;
      // The same request as the page's preload hint, so the browser checks the hinted answer.
      return pin ? fetch(url, { ...init, integrity: pin }) : undefined;
    },
    async loadEntry({ remoteInfo }) {
      if (!pins.has(remoteInfo.name) || SCRIPT_ENTRY_TYPES.includes(remoteInfo.type)) return;
      refused(remoteInfo.name, `its "${remoteInfo.type}" entry is not the release rolled out`);
      throw new Error(`${remoteInfo.name}: a "${remoteInfo.type}" entry is not loaded unpinned`);
    },
    createScript({ url, remoteInfo }) {
      const pin = remoteInfo ? pins.get(remoteInfo.name)?.entry : undefined;
      if (!pin || !remoteInfo || new URL(url).href !== new URL(remoteInfo.entry).href) return;
      const script = document.createElement('script');
      script.integrity = pin;
      // A cross-origin script is checked only when fetched with CORS.
      script.crossOrigin = 'anonymous';
      script.addEventListener('error', () =>
        refused(remoteInfo.name, 'its entry did not load, or is not the release rolled out'),
      );
      return script;
    },
  };
}
