import type { PoolWorker } from './pool-worker';

/*
 * The watchdog's judgment of one worker, from outside (decision 032): a worker with work past
 * its time is watched; spending the CPU meanwhile, it loops and is stopped; not spending it, it
 * is starved (a loaded machine) or blocked, and is stopped only once its patience is spent.
 */

/** How long a worker may take to load the render bundle. */
export const START_ALLOWANCE_MS = 15_000;
/**
 * A worker that spent less than this share of one core while its work was overdue is not
 * running at all (unscheduled, blocked), not looping: it is given more time, up to
 * STARVED_PATIENCE stall allowances. Low on purpose: on a loaded machine a loop gets only its
 * fair share of a core, well under one, and must still be stopped at once.
 */
const LOOPING_CPU_SHARE = 0.1;
const STARVED_PATIENCE = 10;

/**
 * Why the worker must be stopped now, or undefined. `stood` says this server's own loop stood
 * still since the last look: the workers' answers are then queued, not missing. Keeps the
 * worker's `overdue` mark up to date.
 */
export function judgeWorker(
  worker: PoolWorker,
  now: number,
  stallMs: number,
  stood: boolean,
): string | undefined {
  if (!worker.ready) {
    return now - worker.startedAt > START_ALLOWANCE_MS ? 'it did not start' : undefined;
  }
  const overdue = [...worker.flights.values()].some((flight) => now > flight.judgeAfter);
  if (!overdue || stood) {
    worker.overdue = overdue ? { since: now, cpuMs: worker.channel.cpuMs() } : undefined;
    return undefined;
  }
  worker.overdue ??= { since: now, cpuMs: worker.channel.cpuMs() };
  const watched = now - worker.overdue.since;
  if (watched < stallMs) return undefined;
  const cpuMs = worker.channel.cpuMs();
  const spent =
    cpuMs === undefined || worker.overdue.cpuMs === undefined
      ? undefined
      : cpuMs - worker.overdue.cpuMs;
  if (spent === undefined) return `its work was overdue for ${watched} ms`;
  if (spent >= watched * LOOPING_CPU_SHARE) {
    return `it spent ${spent} ms of CPU in ${watched} ms on work whose time was over`;
  }
  if (watched > stallMs * STARVED_PATIENCE) {
    return `it stood still for ${watched} ms on work whose time was over`;
  }
  return undefined;
}
