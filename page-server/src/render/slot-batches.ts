import type { RemoteModuleId } from 'release-contract/remotes';
import type { WorkerRole } from './pool-worker';
import type { SlotResult } from './render-protocol';
import type { SlotTrials } from './slot-trials';

/*
 * How a slice's slots of a page are put to its workers (render-pool), from what the page server
 * holds against their code (slot-trials): quarantined code is not run; a suspect runs alone, in
 * the slice's trial worker, so the pages' own worker goes on without it; the rest together.
 */

export interface SlotBatch {
  slots: RemoteModuleId[];
  role: WorkerRole;
}

export interface SlotPlan {
  /** The slots answered without a worker (quarantined): failed. */
  settled: SlotResult[];
  batches: SlotBatch[];
}

export function planSlots(
  trials: SlotTrials,
  remote: string,
  release: string,
  slots: readonly RemoteModuleId[],
): SlotPlan {
  const codeOf = (slot: string) => ({ remote, release, slot });
  const settled: SlotResult[] = [];
  const runnable = slots.filter((slot) => {
    if (!trials.isQuarantined(codeOf(slot))) return true;
    settled.push({ slot, outcome: 'failed' });
    return false;
  });
  const alone = runnable.filter((slot) => trials.mustRunAlone(codeOf(slot)));
  const together = runnable.filter((slot) => !alone.includes(slot));
  return {
    settled,
    batches: [
      ...(together.length > 0 ? [{ slots: together, role: 'main' as const }] : []),
      ...alone.map((slot) => ({ slots: [slot], role: 'trial' as const })),
    ],
  };
}

/**
 * Each asked slot's result, in the order asked: what its batch's worker answered for it (only
 * what was asked: a result for any other slot is not this page's), or failed.
 */
export function slotResults(
  slots: readonly RemoteModuleId[],
  plan: SlotPlan,
  rendered: readonly SlotResult[][],
): SlotResult[] {
  const results = new Map<string, SlotResult>(plan.settled.map((result) => [result.slot, result]));
  for (const [index, { slots: batch }] of plan.batches.entries()) {
    for (const slot of batch) {
      const result = rendered[index]?.find((candidate) => candidate.slot === slot);
      results.set(slot, result ?? { slot, outcome: 'failed' });
    }
  }
  return slots.map((slot) => results.get(slot) ?? { slot, outcome: 'failed' });
}
