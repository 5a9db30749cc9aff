import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportRemoteError } from '../../telemetry/rum-reporter';
import { isModuleMissingFromContainer } from '../module-not-in-release';

/** Remotes whose manifest fetch failed: the runtime may keep that failure cached. */
const manifestFailures = new Set<string>();

/**
 * The runtime's codes for an entry that did not load or start. A manifest that failed is told at
 * 'afterResolve' already, and again (RUNTIME-003) at 'onLoad'.
 */
const ENTRY_FAILED = /\bRUNTIME-0(?:01|08|11|15)\b/;

export function takeManifestFailure(remoteName: string): boolean {
  return manifestFailures.delete(remoteName);
}

/**
 * Records why a remote failed and lets the error reach the slot's error boundary, which shows
 * the fallback. It returns nothing: MF 2.9 takes a fallback returned at 'afterResolve' for the
 * manifest itself (#RUNTIME-013) and keeps that rejected manifest cached, so no retry could
 * recover; the failure is recorded instead, and the retry registers the remote again.
 */
export default function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-failure-plugin',
    errorLoadRemote(args) {
      // At 'afterResolve' the id is the manifest's address: the remote's info names it (taking
      // the id's first segment recorded `http:`, and a retry never registered the remote again).
      const failed = args.remote?.name ?? String(args.id).split('/')[0] ?? String(args.id);
      if (args.lifecycle === 'afterResolve') {
        manifestFailures.add(failed);
        reportRemoteError(failed, 'remote-entry');
      }
      if (args.lifecycle === 'onLoad' && ENTRY_FAILED.test(String(args.error))) {
        reportRemoteError(failed, 'remote-entry');
      }
      if (args.lifecycle === 'onLoad' && isModuleMissingFromContainer(args.error)) {
        // A release of the remote older than the host: the slot decides (ModuleNotInRelease).
        console.info(`[federation] ${args.id} is not in the remote's current release`);
        return undefined;
      }
      console.warn(`[federation] ${args.id} failed at ${args.lifecycle}`, args.error);
      return undefined;
    },
  };
}
