import type { CustomerFetch } from 'host/render-entry';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { WorkerRequest } from './render-protocol';
import type { RenderServiceAddress } from './render-service-address';

/* What a render pool is built with and asked (render-pool), shared by its parts. */

export interface RenderPoolOptions {
  /** The worker's script (dist/render-worker.mjs). */
  worker: string;
  /** The host's server entry (host/dist-server/render-page.cjs, from the host's build). */
  bundle: string;
  apiUpstream: string;
  unpinned: 'evaluate' | 'refuse';
  revalidateMs?: number;
  /** The remotes whose slots the server renders: each gets workers of its own. */
  remotes: readonly string[];
  /** How many workers each (the host, each remote) runs. */
  size?: number;
  /**
   * How long a worker's overdue work is watched before it is judged: spending the CPU, it is
   * looping and is stopped; not spending it, it is starved or blocked and given more time.
   */
  stallMs?: number;
  /** Each worker's heap limit, set where it starts: a release that leaks ends its worker. */
  heapMb?: number;
  /** After how many releases loaded a worker is replaced (old module graphs go with it). */
  recycleAfterReleases?: number;
  /** The server's environment: the worker gets NODE_ENV and TZ from it, nothing else. */
  env: Record<string, string | undefined>;
  /** For the memory benchmark: workers that can be asked to collect before they measure. */
  exposeGc?: boolean;
  /** A part of a page left to the browser, a release refused, a worker's words: for the log. */
  onError: (error: Error) => void;
  /** A worker stopped, and what was held against the code it ran: for the log, as an error. */
  onStopped?: (error: Error) => void;
  /** A release a worker loaded: evaluated, refused (not the registered bytes), or without server code. */
  onLoaded?: (remote: string, release: string, outcome: 'evaluated' | 'refused' | 'none') => void;
  /**
   * No render worker can start on this runtime (worker-starts): said once, for the log, the
   * health and the metrics; the pool starts no more. Without it, onStopped is told.
   */
  onUnavailable?: (error: Error) => void;
  /**
   * Workers run as a user of their tenant's own unless the machine does not allow it (worker-user);
   * null keeps the page server's own (tests).
   */
  identity?: null;
  /**
   * The slices whose workers run in a render service of their own (decision 041), by remote;
   * unset, as RENDER_SERVICE_REMOTE_* say. The others' are this process's children.
   */
  services?: ReadonlyMap<string, RenderServiceAddress>;
  /**
   * Whether each worker of this process gets a memory cgroup capped at RENDER_WORKER_MEMORY_MB
   * where the machine allows (worker-cgroup); false leaves the cap to the watchdog (tests).
   */
  memoryCgroups?: boolean;
}

/** A slice's slots of a page, as the composer asks for them (the slots themselves apart). */
export type SlotsRequest = Omit<Extract<WorkerRequest, { type: 'slots' }>, 'id' | 'slots'>;
/** A customer's page's reads: its session's fetch, and what each slot may read with it. */
export interface SlotsOptions {
  fetch?: CustomerFetch;
  reads: (slot: RemoteModuleId) => readonly string[];
}

/** A page's request to a worker was not answered in its time. */
export class PartLate extends Error {
  override readonly name = 'PartLate';
}
