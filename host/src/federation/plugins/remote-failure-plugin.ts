import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Remotes whose manifest fetch failed: the runtime may keep that failure cached. */
const manifestFailures = new Set<string>();

export function takeManifestFailure(remoteName: string): boolean {
  return manifestFailures.delete(remoteName);
}

/**
 * Records why a remote failed and lets the error reach the slot's error boundary, which shows
 * the fallback. It returns nothing: a fallback returned at 'afterResolve' would be cached as
 * the manifest itself (see shared/federation-facts.md).
 */
export default function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-failure-plugin',
    errorLoadRemote(args) {
      const remoteName = String(args.id).split('/')[0] ?? String(args.id);
      if (args.lifecycle === 'afterResolve') manifestFailures.add(remoteName);
      console.warn(`[federation] ${args.id} failed at ${args.lifecycle}`, args.error);
      return undefined;
    },
  };
}
