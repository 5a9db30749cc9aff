import type { WorkerFleet } from './worker-fleet';
import { judgeWorker } from './worker-judgment';
import { judgeMemory } from './worker-memory';

/*
 * The watchdog (decision 032): every 100 ms each worker is judged from outside, by its memory
 * (unless the kernel holds it to its cap) and by its overdue work against the CPU it spends
 * (worker-judgment); one judged is stopped, and what it ran is blamed.
 */

export class Watchdog {
  private readonly timer: ReturnType<typeof setInterval>;
  private lastTick = Date.now();

  constructor(
    private readonly fleet: WorkerFleet,
    private readonly stallMs: number,
  ) {
    this.timer = setInterval(() => this.round(), 100);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private round(): void {
    const now = Date.now();
    // This server's own loop stood still: the workers' answers are queued, not missing.
    const stood = now - this.lastTick > 400;
    this.lastTick = now;
    for (const worker of this.fleet.workers) {
      const heavy = worker.channel.cappedByKernel
        ? undefined
        : judgeMemory(worker.channel.residentMb(), worker.channel.memoryCapMb);
      if (heavy) {
        this.fleet.stopForMemory(worker, heavy);
        continue;
      }
      const why = judgeWorker(worker, now, this.stallMs, stood);
      if (why) this.fleet.stop(worker, why);
    }
  }
}
