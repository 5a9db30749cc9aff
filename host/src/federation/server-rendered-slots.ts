import type { ServerSlot } from 'release-contract/page-state';
import type { RemoteModuleId, RemoteName } from 'release-contract/remotes';
import { remoteNameOf } from 'release-contract/remotes';

/**
 * Which slots of the page came from the server, and from which release of their remote (its
 * server bundle's name, decision 020). The browser hydrates a slot's HTML only with code of
 * that release: when the remote was deployed between the page and its scripts, the slot is
 * rendered afresh instead, so no markup of one release is hydrated by code of another.
 */
let serverSlots = new Map<RemoteModuleId, ServerSlot>();
const loadedReleases = new Map<RemoteName, string>();

/** The page's record, read once at start (an empty map for a page the browser renders). */
export function setServerRenderedSlots(slots: Partial<Record<RemoteModuleId, ServerSlot>>): void {
  serverSlots = new Map(Object.entries(slots) as [RemoteModuleId, ServerSlot][]);
}

/** What release of a remote the browser loaded (its manifest names its server bundle). */
export function recordLoadedRelease(remote: string, release: string | undefined): void {
  if (release) loadedReleases.set(remote as RemoteName, release);
}

/**
 * Whether the slot's server HTML was made by another release than the code just loaded. The
 * answer stays the same however often it is asked (React may build a slot's loader again
 * before the page's first commit); the answers that release's code asked for (its query
 * hashes), which the code just loaded may read otherwise, come with the first answer only, to
 * be dropped once.
 */
export function takeReleaseChanged(id: RemoteModuleId): { queries: string[] } | undefined {
  const rendered = serverSlots.get(id);
  if (rendered === undefined) return undefined;
  // A release the browser could not tell (its manifest named no server bundle) counts as
  // another: rendering afresh costs a moment, hydrating another release's markup a mismatch.
  const loaded = loadedReleases.get(remoteNameOf(id));
  if (loaded === rendered.release) return undefined;
  serverSlots.set(id, { ...rendered, queries: [] });
  return { queries: rendered.queries };
}

/** Thrown while hydrating a slot whose HTML another release made: React renders it afresh. */
export class ReleaseChanged extends Error {
  override readonly name = 'ReleaseChanged';
}

/** Whether a recoverable hydration error is (caused by) a slot's changed release. */
export function isReleaseChanged(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ReleaseChanged) return true;
  }
  return false;
}
