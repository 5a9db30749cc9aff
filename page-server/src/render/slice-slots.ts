import type { RemoteModuleId } from 'release-contract/remotes';
import { freeWorker } from './free-worker';
import type { PoolWorker, WorkerRole } from './pool-worker';
import {
  PartLate,
  type RenderPoolOptions,
  type SlotsOptions,
  type SlotsRequest,
} from './render-pool-options';
import type { SlotResult } from './render-protocol';
import { planSlots, slotResults } from './slot-batches';
import type { SlotTrials } from './slot-trials';
import type { WorkerDispatch } from './worker-dispatch';
import type { WorkerFleet } from './worker-fleet';

/*
 * A slice's slots of a page, as the pool runs them (decision 032): quarantined code is not run,
 * a suspected slot runs alone in a trial worker, and a release new to a worker has its first
 * run there alone, so that a stop names the one slot or the release (slot-trials).
 */

/** How long a release's first run in a worker may take before it is judged (a cold fetch and evaluation). */
const FIRST_RUN_ALLOWANCE_MS = 5_000;

export class SliceSlots {
  constructor(
    private readonly fleet: WorkerFleet,
    private readonly dispatch: WorkerDispatch,
    private readonly trials: SlotTrials,
    private readonly onLoaded: RenderPoolOptions['onLoaded'],
  ) {}

  async render(
    remote: string,
    release: string,
    request: SlotsRequest,
    slots: readonly RemoteModuleId[],
    options: SlotsOptions,
  ): Promise<SlotResult[]> {
    if (this.fleet.closing) return slots.map((slot) => ({ slot, outcome: 'failed' }));
    const plan = planSlots(this.trials, remote, release, slots);
    if (plan.batches.some((batch) => batch.role === 'trial')) this.fleet.ensureTrialWorker(remote);
    const rendered = await Promise.all(
      plan.batches.map(({ slots: batch, role }) =>
        this.renderBatch(remote, release, request, batch, options, role).catch((error: unknown) =>
          batch.map(
            (slot): SlotResult => ({
              slot,
              outcome: error instanceof PartLate ? 'late' : 'failed',
            }),
          ),
        ),
      ),
    );
    return slotResults(slots, plan, rendered);
  }

  private async renderBatch(
    remote: string,
    release: string,
    request: SlotsRequest,
    batch: readonly RemoteModuleId[],
    options: SlotsOptions,
    role: WorkerRole,
  ): Promise<SlotResult[]> {
    // A trial runs alone, and a release new to the worker has its first run there alone: a stop
    // then names the one slot or the release.
    const exclusive = role === 'trial';
    const hold = await freeWorker(this.fleet, remote, request.deadline, role, (candidate) =>
      candidate.loaded.has(release) ? exclusive : true,
    );
    try {
      return await this.renderHeld(
        hold.worker,
        remote,
        release,
        request,
        batch,
        options,
        exclusive,
      );
    } finally {
      hold.release();
    }
  }

  private async renderHeld(
    worker: PoolWorker,
    remote: string,
    release: string,
    request: SlotsRequest,
    batch: readonly RemoteModuleId[],
    options: SlotsOptions,
    exclusive: boolean,
  ): Promise<SlotResult[]> {
    if (!worker.loaded.has(release)) {
      const evaluated = await this.firstRun(worker, remote, release, request);
      if (!evaluated) return batch.map((slot) => ({ slot, outcome: 'failed' as const }));
      if (!this.fleet.workers.has(worker)) throw new Error(`the ${remote} render worker stopped`);
    }
    const reads = new Set(batch.flatMap((slot) => options.reads(slot)));
    // Replaced after so many releases, once this page's slots are in (its release is loaded).
    const answered = this.dispatch.send(
      worker,
      { ...request, type: 'slots', id: 0, slots: [...batch] },
      {
        code: batch.map((slot) => ({ remote, release, slot })),
        alone: exclusive,
        reads,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      },
    );
    this.fleet.recycleIfDue(worker);
    const answer = await answered;
    return answer.type === 'slots' ? answer.slots : [];
  }

  /**
   * A release's first run in a worker: its load, with nothing else in the worker, so that a stop
   * names the release (slot-trials quarantines it). Whether its code was evaluated there.
   */
  private async firstRun(
    worker: PoolWorker,
    remote: string,
    release: string,
    request: SlotsRequest,
  ): Promise<boolean> {
    const loaded = await this.dispatch.send(
      worker,
      { type: 'load', id: 0, config: request.config, deadline: request.deadline },
      {
        code: [{ remote, release }],
        alone: true,
        judgeAfter: Date.now() + FIRST_RUN_ALLOWANCE_MS,
        onAnswer: (answer) => {
          if (answer.type !== 'loaded') return;
          worker.loads += 1;
          if (answer.outcome === 'evaluated') worker.evaluated.add(release);
          this.onLoaded?.(remote, release, answer.outcome);
          // Refused or without server code, it stays so here: its slots are answered failed
          // by the worker without another first run.
          worker.loaded.add(release);
        },
      },
    );
    return loaded.type === 'loaded' && loaded.outcome === 'evaluated';
  }
}
