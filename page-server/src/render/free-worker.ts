import type { PoolWorker, WorkerRole } from './pool-worker';
import { PartLate } from './render-pool-options';
import { chooseWorker, holdWorker } from './worker-choice';
import type { WorkerFleet } from './worker-fleet';

/** A worker held for one question, and how to let it go. */
export interface HeldWorker {
  worker: PoolWorker;
  release: () => void;
}

/**
 * A ready worker of the tenant in that role to put a question to, waiting until `until`: not
 * one behind on its work (a page it had is past its deadline: it may be stuck), nor one running
 * something alone; `alone(worker)` says whether this question must run alone there (then the
 * worker must have nothing under way). Rejects (PartLate) when none is free in time, and at
 * once when a trial worker is busy, every worker of the tenant is behind, or its render service
 * is out of reach: a page does not wait for a worker that is being judged, a trial, or a
 * service that is not there.
 */
export async function freeWorker(
  fleet: WorkerFleet,
  tenant: string,
  until: number,
  role: WorkerRole,
  alone: (worker: PoolWorker) => boolean,
): Promise<HeldWorker> {
  for (;;) {
    if (fleet.failures.givenUp) throw new Error('no render worker can start on this runtime');
    const now = Date.now();
    const { worker, hopeless } = chooseWorker(fleet.workers, tenant, role, alone, now);
    if (worker) {
      return {
        worker,
        release: holdWorker(worker, alone(worker), () => {
          fleet.retireIfIdle(worker);
          fleet.wake();
        }),
      };
    }
    if (fleet.failures.isUnreachable(tenant)) {
      throw new PartLate(`the ${tenant} render service cannot be reached`);
    }
    const left = until - now;
    if (left <= 0 || hopeless)
      throw new PartLate(`no ${tenant} render worker was free before the page's deadline`);
    await fleet.nextChange(left);
  }
}
