import type { CustomerFetch } from 'host/render-entry';
import type { WorkerAnswer, WorkerRequest } from './render-protocol';
import type { SliceCode } from './slot-trials';
import type { WorkerChannel } from './worker-channel';

/*
 * A render worker as the pool keeps it (render-pool): its process, the questions it was asked
 * and has not answered, and what the pool knows of it. Plain records: the pool decides.
 */

/**
 * `main` renders the pages; `trial` only suspected slots, one at a time (started when a slice
 * has one, retired when it has none), so a trial never holds the pages of a busy slice back.
 */
export type WorkerRole = 'main' | 'trial';

/** A question put to a worker, until it answers or is stopped. */
export interface Flight {
  request: WorkerRequest;
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
  /** The asker's deadline: past it, a worker still on it is behind. */
  deadline: number;
  /** After when the asker has stopped waiting and the worker may be judged for it. */
  judgeAfter: number;
  timer: ReturnType<typeof setTimeout>;
  /** What slice code it runs, as the page server names it. */
  code: SliceCode[];
  /**
   * Run with nothing else in the worker (a release's first run there, or a suspect): a stop
   * names it alone.
   */
  alone: boolean;
  /** Told of the answer whenever it comes, the asker waiting or not. */
  onAnswer?: (answer: WorkerAnswer) => void;
  /** A customer's page: its reads of the provider, through the page server's session. */
  fetch?: CustomerFetch;
  /** The provider's paths it may read. */
  reads: ReadonlySet<string>;
  fetches: number;
}

export interface PoolWorker {
  tenant: string;
  role: WorkerRole;
  /** Its process here, or its connection to its slice's render service (worker-channel). */
  channel: WorkerChannel;
  startedAt: number;
  ready: boolean;
  flights: Map<number, Flight>;
  /**
   * Callers that chose it and have not yet put (all) their questions: an `alone` one keeps every
   * other caller out, as its flights will.
   */
  held: number;
  heldAlone: boolean;
  /** The releases it has loaded, as the page server names them. */
  loaded: Set<string>;
  /** Those of them whose code it evaluated (not refused, not without server code). */
  evaluated: Set<string>;
  loads: number;
  retiring: boolean;
  /** Since when some of its work is overdue, and the CPU time it had spent by then. */
  overdue?: { since: number; cpuMs: number | undefined };
  /** Its messages this second: a worker that floods the page server is stopped. */
  said: { second: number; count: number };
  /** What it printed before it was ready: said with its stop if it never starts. */
  startLines: string[];
  memory?: (figures: { heapUsed: number; rss: number }) => void;
}

/** A worker's record for a worker just started. */
export function poolWorker(tenant: string, role: WorkerRole, channel: WorkerChannel): PoolWorker {
  return {
    tenant,
    role,
    channel,
    startedAt: Date.now(),
    ready: false,
    flights: new Map(),
    held: 0,
    heldAlone: false,
    loaded: new Set(),
    evaluated: new Set(),
    loads: 0,
    retiring: false,
    said: { second: 0, count: 0 },
    startLines: [],
  };
}

/** Whether some of the worker's work is past its asker's deadline: it may be stuck. */
export const isBehind = (worker: PoolWorker, now: number) =>
  [...worker.flights.values()].some((flight) => now > flight.deadline);

/** What the worker has under way or promised, for choosing the least busy. */
export const busyness = (worker: PoolWorker) => worker.flights.size + worker.held;

/** Whether something runs (or is about to run) alone in it. */
export const runsAlone = (worker: PoolWorker) =>
  worker.heldAlone || [...worker.flights.values()].some((flight) => flight.alone);

/** The releases whose code runs in the worker: those it evaluated, and one it is loading. */
export function releasesHeld(worker: PoolWorker): string[] {
  const held = new Set(worker.evaluated);
  for (const flight of worker.flights.values()) {
    for (const code of flight.code) held.add(code.release);
  }
  return [...held];
}
