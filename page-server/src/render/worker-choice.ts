import { busyness, isBehind, type PoolWorker, runsAlone, type WorkerRole } from './pool-worker';

/*
 * Which worker a question goes to (render-pool): a ready one of the tenant in that role, not
 * one behind on its work (a page it had is past its deadline: it may be stuck), nor one running
 * something alone, the least busy first.
 */

export interface Choice {
  worker: PoolWorker | undefined;
  /**
   * No worker will be free in time, so a page does not wait: a trial worker is busy (pages never
   * wait for a trial), or every worker of the tenant is behind (being judged).
   */
  hopeless: boolean;
}

/**
 * The worker to ask now. `alone(worker)` says whether this question must run alone there: the
 * worker must then have nothing under way.
 */
export function chooseWorker(
  workers: Iterable<PoolWorker>,
  tenant: string,
  role: WorkerRole,
  alone: (worker: PoolWorker) => boolean,
  now: number,
): Choice {
  const live = [...workers].filter(
    (worker) =>
      worker.tenant === tenant && worker.role === role && worker.ready && !worker.retiring,
  );
  const worker = live
    .filter(
      (candidate) =>
        !isBehind(candidate, now) &&
        !runsAlone(candidate) &&
        (!alone(candidate) || busyness(candidate) === 0),
    )
    .sort((a, b) => busyness(a) - busyness(b))[0];
  const hopeless =
    role === 'trial' || (live.length > 0 && live.every((each) => isBehind(each, now)));
  return { worker, hopeless };
}

/**
 * Holds the worker for a caller from this moment (another caller in the same tick must not take
 * it too); an `alone` hold keeps every other caller out. The returned release is idempotent.
 */
export function holdWorker(worker: PoolWorker, alone: boolean, released: () => void): () => void {
  worker.held += 1;
  if (alone) worker.heldAlone = true;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    worker.held -= 1;
    if (alone) worker.heldAlone = false;
    released();
  };
}
