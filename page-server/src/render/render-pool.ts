import type { CustomerFetch } from 'host/render-entry';
import type { ServerRenderHealth } from '../telemetry/page-server-health';
import { freeWorker } from './free-worker';
import type { RenderPoolOptions } from './render-pool-options';
import {
  HOST_TENANT,
  type SlotResult,
  type WorkerAnswer,
  type WorkerRequest,
} from './render-protocol';
import { SliceSlots } from './slice-slots';
import { SlotTrials } from './slot-trials';
import { WorkerDispatch } from './worker-dispatch';
import { WorkerFleet } from './worker-fleet';
import { WorkerLauncher } from './worker-launch';
import { Watchdog } from './worker-watchdog';

/*
 * The page server's render workers (decision 032). Each slice's server code runs in workers of
 * its own, the host's own parts in the host's: child processes that hold no secret, read
 * nothing but their code, run as another user where the machine allows, and are judged from
 * outside. A worker answers only what it was asked; one whose work is overdue while it spends
 * the CPU (or stands still past all patience) is killed and replaced, and what the page server
 * had asked it — a release's load, a slot — is held against that code (slot-trials).
 */

export type { CustomerFetch } from 'host/render-entry';
export { PartLate, type RenderPoolOptions } from './render-pool-options';

/**
 * The pool, as the page composer asks it: its parts are where and how a worker starts
 * (worker-launch), the workers' lives (worker-fleet, start-failures), what is said to them and
 * taken from them (worker-dispatch), the watchdog (worker-watchdog) and a page's slots
 * (slice-slots).
 */
export class RenderPool {
  private readonly trials = new SlotTrials();
  private readonly fleet: WorkerFleet;
  private readonly dispatch: WorkerDispatch;
  private readonly sliceSlots: SliceSlots;
  private readonly watchdog: Watchdog;
  /** Pages' parts being rendered: a closing pool finishes them. */
  private readonly underWay = new Set<Promise<unknown>>();

  constructor(options: RenderPoolOptions) {
    const tenants = [HOST_TENANT, ...options.remotes];
    const launcher = new WorkerLauncher(options, tenants);
    this.fleet = new WorkerFleet(options, launcher, this.trials, (worker, raw) =>
      this.dispatch.receive(worker, raw),
    );
    this.dispatch = new WorkerDispatch(options, this.fleet, this.trials);
    this.sliceSlots = new SliceSlots(this.fleet, this.dispatch, this.trials, options.onLoaded);
    for (const tenant of tenants) {
      for (let index = 0; index < (options.size ?? 1); index += 1) this.fleet.start(tenant, 'main');
    }
    this.watchdog = new Watchdog(this.fleet, options.stallMs ?? 1_000);
  }

  /** The customer's account, asked by the host's worker with their session (reads: `reads`). */
  async account(
    request: Omit<Extract<WorkerRequest, { type: 'account' }>, 'id'>,
    fetch: CustomerFetch,
    reads: ReadonlySet<string>,
  ) {
    const answer = await this.track(this.ask({ ...request, id: 0 }, { fetch, reads }));
    return answer.type === 'account' ? answer : undefined;
  }

  /** The page around its slots, by the host's worker. */
  async shell(request: Omit<Extract<WorkerRequest, { type: 'shell' }>, 'id'>) {
    const answer = await this.track(this.ask({ ...request, id: 0 }, {}));
    return answer.type === 'shell' ? answer.page : null;
  }

  /**
   * A slice's slots of a page, by that slice's worker, each as its worker rendered it or as the
   * page server judged it (slice-slots).
   */
  slots(...args: Parameters<SliceSlots['render']>): Promise<SlotResult[]> {
    return this.track(this.sliceSlots.render(...args));
  }

  /** Each ready worker's heap and resident size, in bytes (after a collection, with exposeGc). */
  memory(): ReturnType<WorkerDispatch['memory']> {
    return this.dispatch.memory();
  }

  /** The workers' process ids on this machine (tests, benchmarks). */
  pids(tenant?: string): number[] {
    return [...this.fleet.workers].flatMap((worker) =>
      worker.channel.pid && (tenant === undefined || worker.tenant === tenant)
        ? [worker.channel.pid]
        : [],
    );
  }

  /** Whether render workers start here: for the page server's health and metrics. */
  health(): ServerRenderHealth {
    return this.fleet.health();
  }

  /** What is quarantined (tests, the log). */
  quarantine(): string[] {
    return this.trials.quarantine();
  }

  /** Once every worker is ready to render, or once none can start on this runtime. */
  ready(): Promise<void> {
    return this.fleet.ready();
  }

  /** Takes no new page, finishes those under way, then ends the workers. */
  async close(): Promise<void> {
    this.fleet.closing = true;
    this.fleet.wake();
    await Promise.all(this.underWay);
    this.watchdog.stop();
    await this.fleet.close();
  }

  /** A page's part under way: a closing pool finishes it (each is bounded by its deadline). */
  private track<T>(work: Promise<T>): Promise<T> {
    const underWay = work.catch(() => undefined);
    this.underWay.add(underWay);
    void underWay.then(() => this.underWay.delete(underWay));
    return work;
  }

  /** A question to any free worker of the host's (its parts of the page). */
  private async ask(
    request: WorkerRequest,
    options: { fetch?: CustomerFetch; reads?: ReadonlySet<string> },
  ): Promise<WorkerAnswer> {
    if (this.fleet.closing) {
      throw new Error('the page server is stopping: the browser renders this page');
    }
    const deadline = 'deadline' in request ? request.deadline : Date.now();
    const hold = await freeWorker(this.fleet, HOST_TENANT, deadline, 'main', () => false);
    try {
      return await this.dispatch.send(hold.worker, request, {
        code: [],
        alone: false,
        ...(options.reads ? { reads: options.reads } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    } finally {
      hold.release();
    }
  }
}
