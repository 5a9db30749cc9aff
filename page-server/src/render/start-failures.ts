import type { ServerRenderHealth } from '../telemetry/page-server-health';
import type { PoolWorker, WorkerRole } from './pool-worker';
import { unavailableMessage, WorkerStarts } from './worker-starts';

/*
 * Workers that stop before they are ready (decisions 032, 041). One of this process's says
 * something of the runtime: after a few in a row, none ever ready, the pool stops trying
 * (worker-starts). One of a render service's says only that the service is out of reach: its
 * slice's pages do not wait for it, and it is tried again, less often each time.
 */

/** How long a slice whose render service cannot be reached waits before it is tried again, at most. */
const SERVICE_RETRY_MAX_MS = 10_000;

/** What the failures act on: the pool's workers. */
export interface Restarts {
  start(tenant: string, role: WorkerRole): void;
  /** Ends the workers still starting, quietly: the runtime cannot run them. */
  abandonStarting(): void;
  /** Said as a stop, for the log. */
  stopped(error: Error): void;
  wake(): void;
  readonly closing: boolean;
}

export class StartFailures {
  private readonly starts = new WorkerStarts();
  /** Slices whose render service cannot be reached now: how long until it is tried again. */
  private readonly unreachable = new Map<string, number>();
  private readonly retries = new Set<NodeJS.Timeout>();

  constructor(
    private readonly fleet: Restarts,
    private readonly inService: (tenant: string) => boolean,
    private readonly say: {
      onError: (error: Error) => void;
      onUnavailable?: ((error: Error) => void) | undefined;
    },
  ) {}

  /** Whether no worker of this process starts any more. */
  get givenUp(): boolean {
    return this.starts.givenUp;
  }

  health(): ServerRenderHealth {
    return this.starts.health();
  }

  /** Whether the tenant's render service is out of reach now. */
  isUnreachable(tenant: string): boolean {
    return this.unreachable.has(tenant);
  }

  /** A worker stopped before it was ready: replaced, unless none can start here. */
  failed(worker: PoolWorker, why: string): void {
    const said = worker.startLines.length > 0 ? `; it said: ${worker.startLines.join(' / ')}` : '';
    const reason = `${why}${said}`;
    // A render service out of reach says nothing of this runtime: its slice waits, alone.
    if (this.inService(worker.tenant)) {
      this.serviceUnreachable(worker, reason);
      return;
    }
    const failure = this.starts.failed(reason);
    if (failure === 'give up') {
      this.fleet.abandonStarting();
      (this.say.onUnavailable ?? this.fleet.stopped)(new Error(unavailableMessage(reason)));
      this.fleet.wake();
      return;
    }
    if (failure === 'given up') return;
    if (failure === 'replace') {
      this.fleet.stopped(
        new Error(`a ${worker.tenant} render worker could not start and was replaced: ${reason}`),
      );
    }
    // A trial worker is started again when a suspect next needs one.
    if (!this.fleet.closing && worker.role === 'main') this.fleet.start(worker.tenant, 'main');
  }

  /** A worker got ready: what was hidden or out of reach until now is said. */
  ready(worker: PoolWorker): void {
    if (this.unreachable.delete(worker.tenant)) {
      this.say.onError(new Error(`the ${worker.tenant} render service is reached again`));
    }
    const hidden = this.starts.ready();
    if (hidden) {
      this.fleet.stopped(
        new Error(
          `${hidden.failures} render worker(s) could not start before one did: ${hidden.why}`,
        ),
      );
    }
  }

  close(): void {
    for (const retry of this.retries) clearTimeout(retry);
  }

  /**
   * A slice's render service could not start a worker for it (not reached, or refused): said
   * once, its pages do not wait for its slots (the browser renders them), and it is tried again,
   * less often each time, up to every SERVICE_RETRY_MAX_MS.
   */
  private serviceUnreachable(worker: PoolWorker, why: string): void {
    // A trial's connection refused (its service's pods at their most) is tried again when a
    // suspect next needs one: the slice's pages still have their main workers.
    if (worker.role !== 'main') return;
    const tenant = worker.tenant;
    const last = this.unreachable.get(tenant);
    const retryMs = last === undefined ? 250 : Math.min(last * 2, SERVICE_RETRY_MAX_MS);
    if (last === undefined) {
      this.fleet.stopped(
        new Error(
          `the ${tenant} render service cannot be reached (${why}): its slots are the browser's to render until it can`,
        ),
      );
    }
    this.unreachable.set(tenant, retryMs);
    this.fleet.wake();
    if (this.fleet.closing) return;
    const retry = setTimeout(() => {
      this.retries.delete(retry);
      if (!this.fleet.closing) this.fleet.start(tenant, 'main');
    }, retryMs);
    retry.unref();
    this.retries.add(retry);
  }
}
