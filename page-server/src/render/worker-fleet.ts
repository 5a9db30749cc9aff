import type { ServerRenderHealth } from '../telemetry/page-server-health';
import { type PoolWorker, poolWorker, releasesHeld, type WorkerRole } from './pool-worker';
import type { RenderPoolOptions } from './render-pool-options';
import { describeVerdict, type SliceCode, type SlotTrials, type Verdict } from './slot-trials';
import { StartFailures } from './start-failures';
import type { WorkerLauncher } from './worker-launch';

/*
 * The pool's workers and their lives (decision 032): each started for its tenant and role,
 * stopped when judged (its unanswered work held against the code it ran, slot-trials) and
 * replaced, retired once its work is done when it is recycled, moved off a draining service or
 * a trial with nothing left to try.
 */

/** The lines a starting worker printed that its stop repeats (a runtime's refusal is one or two). */
const MAX_START_LINES = 4;

export class WorkerFleet {
  readonly workers = new Set<PoolWorker>();
  readonly failures: StartFailures;
  private readonly waiting = new Set<() => void>();
  closing = false;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly launcher: WorkerLauncher,
    private readonly trials: SlotTrials,
    /** A worker's message, for the pool to take (worker-dispatch). */
    private readonly receive: (worker: PoolWorker, raw: unknown) => void,
  ) {
    this.failures = new StartFailures(this, (tenant) => launcher.inService(tenant), options);
  }

  start(tenant: string, role: WorkerRole): void {
    if (this.failures.givenUp) return;
    const worker: PoolWorker = poolWorker(
      tenant,
      role,
      this.launcher.launch(tenant, {
        onMessage: (raw) => this.receive(worker, raw),
        onLine: (line) => this.said(worker, line),
        onExit: (why, lost, cause) => {
          if (!this.workers.has(worker)) return;
          if (cause === 'memory') this.stopForMemory(worker, why);
          else this.stop(worker, why, lost ? () => ({ kind: 'none' }) : undefined);
        },
        onDraining: () => this.moveOff(worker),
      }),
    );
    this.workers.add(worker);
  }

  /** Ends the workers still starting, quietly (start-failures: the runtime cannot run them). */
  abandonStarting(): void {
    for (const starting of [...this.workers].filter((each) => !each.ready)) {
      this.workers.delete(starting);
      starting.channel.kill();
    }
  }

  /**
   * A worker that stopped answering or exited: killed and replaced; what the page server had
   * asked it and it had not answered is held against that code (slot-trials), unless `judge`
   * holds something else against it.
   */
  stop(
    worker: PoolWorker,
    why: string,
    judge: (running: SliceCode[]) => Verdict = (running) => this.trials.stopped(running),
  ): void {
    this.workers.delete(worker);
    worker.channel.kill();
    if (!worker.ready) {
      this.failures.failed(worker, why);
      return;
    }
    const verdict = judge([...worker.flights.values()].flatMap((flight) => flight.code));
    if (verdict.kind !== 'none') {
      this.stopped(new Error(describeVerdict(verdict, worker.tenant, why)));
    } else if (!worker.retiring) {
      this.stopped(new Error(`a ${worker.tenant} render worker was stopped and replaced: ${why}`));
    }
    for (const flight of worker.flights.values()) {
      clearTimeout(flight.timer);
      flight.reject(new Error(`the ${worker.tenant} render worker stopped: ${why}`));
    }
    worker.flights.clear();
    // A trial worker is started again when a suspect next needs one.
    if (!this.closing && !worker.retiring && worker.role === 'main')
      this.start(worker.tenant, 'main');
    this.wake();
  }

  /**
   * A worker over its memory cap: the memory is its releases' (the host's bundle is the page
   * server's own code), whatever of them was under way, as a timer of a release's load
   * allocates as well as its slot. Holding one release, that release is quarantined. Holding
   * several (a canary beside its stable release, a release rolled out after another), none is
   * named: the slots under way are suspects, each run alone in a trial worker that holds its
   * release alone, and the replacement holds only the releases its pages ask for, so the next
   * stop names the one.
   */
  stopForMemory(worker: PoolWorker, why: string): void {
    const held = releasesHeld(worker);
    const [only] = held;
    if (only !== undefined && held.length === 1) {
      this.stop(worker, why, () => this.trials.stopped([{ remote: worker.tenant, release: only }]));
    } else {
      const holding = held.length > 1 ? `; it held releases ${held.join(', ')}` : '';
      this.stop(worker, `${why}${holding}`, (running) => this.trials.suspect(running));
    }
  }

  /** A worker loaded the render bundle: it takes questions from now on. */
  becameReady(worker: PoolWorker): void {
    worker.ready = true;
    for (const line of worker.startLines.splice(0)) this.said(worker, line);
    this.failures.ready(worker);
    this.wake();
  }

  /** A line a worker printed: for the log; before it is ready, kept for its stop (bounded). */
  said(worker: PoolWorker, line: string): void {
    if (worker.ready) {
      this.options.onError(new Error(`render worker (${worker.tenant}): ${line}`));
    } else if (worker.startLines.length < MAX_START_LINES) {
      worker.startLines.push(line);
    }
  }

  /** A worker stopped, and what was held against its code: for the log, as an error. */
  readonly stopped = (error: Error): void => {
    (this.options.onStopped ?? this.options.onError)(error);
  };

  /** A slice with suspected slots has a trial worker (one at a time); it starts on demand. */
  ensureTrialWorker(tenant: string): void {
    const has = [...this.workers].some(
      (worker) => worker.tenant === tenant && worker.role === 'trial' && !worker.retiring,
    );
    if (!has && !this.closing && !this.failures.isUnreachable(tenant)) this.start(tenant, 'trial');
  }

  /** A trial worker with no suspect left in its slice goes. */
  retireTrialIfDone(worker: PoolWorker): void {
    if (worker.role !== 'trial' || worker.retiring || this.trials.hasSuspects(worker.tenant)) {
      return;
    }
    worker.retiring = true;
    this.retireIfIdle(worker);
  }

  /** Replaced after so many releases loaded, so old module graphs go with it. */
  recycleIfDue(worker: PoolWorker): void {
    const limit = this.options.recycleAfterReleases ?? 50;
    if (worker.retiring || worker.loads < limit || this.closing) return;
    worker.retiring = true;
    this.start(worker.tenant, worker.role);
  }

  retireIfIdle(worker: PoolWorker): void {
    if (!worker.retiring || worker.flights.size > 0 || worker.held > 0) return;
    this.workers.delete(worker);
    worker.channel.retire();
  }

  /** Tells what waits for a worker to look again (a worker freed, started or stopped). */
  wake(): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const wake of waiting) wake();
  }

  /** Until the next wake, or `ms` at most. */
  nextChange(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }

  /** Once every worker is ready to render, or once none can start on this runtime. */
  async ready(): Promise<void> {
    while (!this.failures.givenUp && [...this.workers].some((worker) => !worker.ready)) {
      await new Promise<void>((resolve) => this.waiting.add(resolve));
    }
  }

  health(): ServerRenderHealth {
    return this.failures.health();
  }

  /** Ends every worker (the pages under way are done). */
  async close(): Promise<void> {
    this.failures.close();
    const exits = [...this.workers].map((worker) => worker.channel.ended);
    for (const worker of this.workers) worker.channel.kill();
    this.workers.clear();
    await Promise.all(exits);
    this.launcher.remove();
  }

  /** Its render service is stopping: a new worker is started (on another pod), it is retired. */
  private moveOff(worker: PoolWorker): void {
    if (!this.workers.has(worker) || worker.retiring) return;
    worker.retiring = true;
    if (!this.closing && worker.role === 'main') this.start(worker.tenant, 'main');
    this.retireIfIdle(worker);
  }
}
