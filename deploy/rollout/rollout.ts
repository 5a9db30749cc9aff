import { REMOTE_APPS, type RemoteApp } from 'release-contract/apps';
import type { ReleasedRemote, ReleasesDocument } from 'release-contract/releases-document';
import { releaseOfManifest } from 'release-contract/rum-events';
import type { Verdict } from './canary-judge';
import type { ReleaseStore, RolloutRecord } from './release-store';

/*
 * A slice's rollout (decision 029) as a state machine over its release records. A slice is
 * unreleased, on a stable release, or on a stable release with a canary beside it:
 *
 *   unreleased ──set──▶ stable ──start canary──▶ canary ──judge: promote──▶ stable (the canary)
 *                         ▲  │                     │
 *                         │  └─roll back───────────┼──judge: roll back──▶ stable (unchanged)
 *                         └── the release it replaced (roll back with no canary)
 *
 * Every change of the stable release is recorded — what it replaced, from which commit — in
 * the slice's history and in the production pin the skew test meets; a canary that ends is
 * recorded as rolled back. Each step writes the releases document (each release with the digests
 * it registered), then has the pages rendered from it.
 */

export type SliceState =
  | { phase: 'unreleased' }
  | { phase: 'stable'; stable: string }
  | { phase: 'canary'; stable: string; canary: string; percent: number };

/** Why a canary becomes stable: its judge's verdict, or an operator's word. */
export type Promotion = { verdict: Verdict } | { byHand: string };

export interface RolloutDeps {
  store: ReleaseStore;
  /** The address of a release's manifest on the release origin, as the document names it. */
  releaseUrl: (remote: RemoteApp, id: string) => string;
  /** Writes the pages again from the document just written (the page servers read it). */
  render: () => void;
  now?: () => Date;
}

export function remoteByFolder(folder: string | undefined): RemoteApp | undefined {
  return REMOTE_APPS.find((app) => app.folder === folder);
}

/** The slice's entry in the document, if it has one. */
const entryOf = (remote: RemoteApp, document: ReleasesDocument) =>
  document.remotes.find((entry) => entry.name === remote.name);

/** The stable release's id and the canary's, as the releases document has them. */
export function releasesInDocument(remote: RemoteApp, document: ReleasesDocument) {
  const entry = entryOf(remote, document);
  return {
    stable: entry ? releaseOfManifest(entry.manifestUrl) : undefined,
    canary: entry?.canary ? releaseOfManifest(entry.canary.manifestUrl) : undefined,
  };
}

/** The document with the slice's entry changed, the other slices' as they were. */
function withEntry(
  remote: RemoteApp,
  document: ReleasesDocument,
  change: (entry: ReleasedRemote | undefined) => ReleasedRemote | undefined,
): ReleasesDocument {
  const next = change(entryOf(remote, document));
  const others = document.remotes.filter((entry) => entry.name !== remote.name);
  // In the apps' order whatever changed: the pages' configuration and hints follow it.
  const place = (entry: ReleasedRemote) => REMOTE_APPS.findIndex((app) => app.name === entry.name);
  return { remotes: [...others, ...(next ? [next] : [])].sort((a, b) => place(a) - place(b)) };
}

/** The release the stable one replaced, as its history recorded it. */
export const previousRelease = (history: readonly RolloutRecord[], stable: string | undefined) =>
  history.findLast((record) => record.release === stable)?.replaced;

export function sliceRollout(remote: RemoteApp, deps: RolloutDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const state = (document: ReleasesDocument = store.readDocument()): SliceState => {
    const { stable, canary } = releasesInDocument(remote, document);
    if (!stable) return { phase: 'unreleased' };
    if (!canary) return { phase: 'stable', stable };
    const percent = entryOf(remote, document)?.canary?.percent ?? 0;
    return { phase: 'canary', stable, canary, percent };
  };

  const change = (changed: (entry: ReleasedRemote | undefined) => ReleasedRemote | undefined) => {
    store.writeDocument(withEntry(remote, store.readDocument(), changed));
    deps.render();
  };

  /** A release as the document pins it: its address and the digests it registered. */
  const released = (id: string) => ({
    manifestUrl: deps.releaseUrl(remote, id),
    integrity: store.registeredPins(remote, id),
  });

  /** Makes a registered release the slice's stable one: document, pages, history, production pin. */
  const setStable = (id: string, how: RolloutRecord['how'], why?: string): RolloutRecord => {
    // Refused before anything is written: the render would refuse it half-way otherwise.
    const release = released(id);
    const replaced = releasesInDocument(remote, store.readDocument()).stable;
    change(() => ({ name: remote.name, ...release }));
    const commit = store.commitOf(remote, id);
    const record: RolloutRecord = {
      release: id,
      ...(replaced && replaced !== id ? { replaced } : {}),
      ...(commit ? { commit } : {}),
      at: now().toISOString(),
      how,
      ...(why ? { why } : {}),
    };
    store.appendHistory(remote, record);
    store.movePin(remote, record);
    return record;
  };

  /** Ends the canary under way: every visitor back on the stable release, recorded. */
  const endCanary = (why: string): SliceState => {
    const { canary, stable } = releasesInDocument(remote, store.readDocument());
    change((entry) => {
      if (!entry) return undefined;
      const { canary: _ended, ...rest } = entry;
      return rest;
    });
    if (canary) {
      store.appendHistory(remote, {
        release: canary,
        ...(stable ? { replaced: stable } : {}),
        at: now().toISOString(),
        how: 'rolled back',
        why,
      });
    }
    return state();
  };

  const promote = (promotion: Promotion): RolloutRecord => {
    const current = state();
    if (current.phase !== 'canary') throw new Error(`${remote.folder} has no canary under way`);
    if ('verdict' in promotion && promotion.verdict.kind !== 'promote') {
      throw new Error(
        `${remote.folder} canary ${current.canary} was not judged sound: ${promotion.verdict.why}`,
      );
    }
    const why = 'verdict' in promotion ? promotion.verdict.why : promotion.byHand;
    return setStable(current.canary, 'promoted', why);
  };

  return {
    state,
    setStable,
    promote,

    /**
     * Starts serving a registered release to `percent` of visitors beside the stable one. Both
     * must have passed the skew test: they meet the host they will meet (decision 029).
     */
    startCanary(id: string, percent: number): { stable: string } {
      const current = state();
      if (current.phase === 'unreleased') {
        throw new Error(`${remote.folder} has no stable release in the releases document`);
      }
      if (current.stable === id) {
        throw new Error(`${remote.folder} release ${id} is already the stable one`);
      }
      if (current.phase === 'canary') {
        throw new Error(
          `${remote.folder} has a canary under way (${current.canary}): promote or roll it back first`,
        );
      }
      if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
        throw new Error(`--canary takes a whole percent from 1 to 99, got ${percent}`);
      }
      for (const checked of [current.stable, id]) {
        if (!store.skewPassed(remote, checked)) {
          throw new Error(
            `${remote.folder} release ${checked} has not passed "pnpm test:skew": no canary starts before it does`,
          );
        }
      }
      const release = released(id);
      change((entry) => entry && { ...entry, canary: { ...release, percent } });
      return { stable: current.stable };
    },

    /** A verdict on the canary under way: promoted, rolled back, or left to run. */
    judge(verdict: Verdict): SliceState {
      if (state().phase !== 'canary') throw new Error(`${remote.folder} has no canary under way`);
      if (verdict.kind === 'promote') promote({ verdict });
      else if (verdict.kind === 'roll back') endCanary(verdict.why);
      return state();
    },

    endCanary,

    /**
     * Ends the canary under way; with none, puts back the release the stable one replaced
     * (recorded as set, not promoted: it was judged before).
     */
    rollBack(why: string): SliceState {
      const current = state();
      if (current.phase === 'canary') return endCanary(why);
      if (current.phase === 'unreleased') {
        throw new Error(`${remote.folder} has no stable release to roll back`);
      }
      const previous = previousRelease(store.history(remote), current.stable);
      if (!previous) {
        throw new Error(`${remote.folder}: no release before ${current.stable} is recorded`);
      }
      setStable(previous, 'set', why);
      return state();
    },
  };
}

export type SliceRollout = ReturnType<typeof sliceRollout>;
