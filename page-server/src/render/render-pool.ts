import { realpathSync } from 'node:fs';
import type { RemoteModuleId } from 'tooling/remotes';
import type { ServerRenderHealth } from '../telemetry/page-server-health';
import type { CustomerFetch } from './customer-answers';
import {
  type Flight,
  type PoolWorker,
  poolWorker,
  releasesHeld,
  type WorkerRole,
} from './pool-worker';
import {
  type FromWorker,
  HOST_TENANT,
  type SlotResult,
  type ToWorker,
  type WorkerAnswer,
  type WorkerRequest,
} from './render-protocol';
import { type RenderServiceAddress, renderServiceAddresses } from './render-service-address';
import { planSlots, slotResults } from './slot-batches';
import { describeVerdict, type SliceCode, SlotTrials, type Verdict } from './slot-trials';
import { type MemoryCgroups, memoryCgroups } from './worker-cgroup';
import { localWorker, serviceWorker, type WorkerEvents } from './worker-channel';
import { chooseWorker, holdWorker } from './worker-choice';
import { judgeWorker } from './worker-judgment';
import { judgeMemory, memoryCapMb } from './worker-memory';
import { receiveMessage } from './worker-messages';
import { WorkerNetwork } from './worker-network';
import { answerRead } from './worker-reads';
import { unavailableMessage, WorkerStarts } from './worker-starts';
import {
  type StagedFiles,
  stageWorkerFiles,
  type WorkerIdentity,
  workerIdentities,
} from './worker-user';

/*
 * The page server's render workers (decision 032). Each slice's server code runs in workers of
 * its own, the host's own parts in the host's: child processes that hold no secret, read
 * nothing but their code, run as another user where the machine allows, and are judged from
 * outside. A worker answers only what it was asked; one whose work is overdue while it spends
 * the CPU (or stands still past all patience) is killed and replaced, and what the page server
 * had asked it — a release's load, a slot — is held against that code (slot-trials).
 */

export type { CustomerFetch } from './customer-answers';

export interface RenderPoolOptions {
  /** The worker's script (dist/render-worker.mjs). */
  worker: string;
  /** The host's render bundle (dist/render-page.cjs). */
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
type SlotsRequest = Omit<Extract<WorkerRequest, { type: 'slots' }>, 'id' | 'slots'>;
/** A customer's page's reads: its session's fetch, and what each slot may read with it. */
interface SlotsOptions {
  fetch?: CustomerFetch;
  reads: (slot: RemoteModuleId) => readonly string[];
}

/** How long after its deadline a part's answer is still waited for (render-to-html aborts at +250). */
const ANSWER_GRACE_MS = 300;
/** How long a release's first run in a worker may take before it is judged (a cold fetch and evaluation). */
const FIRST_RUN_ALLOWANCE_MS = 5_000;
/** How long a slice whose render service cannot be reached waits before it is tried again, at most. */
const SERVICE_RETRY_MAX_MS = 10_000;
/** The lines a starting worker printed that its stop repeats (a runtime's refusal is one or two). */
const MAX_START_LINES = 4;

/** A page's request to a worker was not answered in its time. */
export class PartLate extends Error {
  override readonly name = 'PartLate';
}

export class RenderPool {
  private readonly workers = new Set<PoolWorker>();
  private readonly trials = new SlotTrials();
  private readonly starts = new WorkerStarts();
  private readonly waiting = new Set<() => void>();
  private readonly watchdog: ReturnType<typeof setInterval>;
  private readonly stallMs: number;
  private readonly staged: StagedFiles;
  private readonly identities: ReadonlyMap<string, WorkerIdentity>;
  private readonly memoryMb: number;
  private readonly cgroups: MemoryCgroups | undefined;
  private readonly network: WorkerNetwork;
  private readonly services: ReadonlyMap<string, RenderServiceAddress>;
  /** Slices whose render service cannot be reached now: how long until it is tried again. */
  private readonly unreachable = new Map<string, number>();
  private readonly retries = new Set<NodeJS.Timeout>();
  /** Pages' parts being rendered: a closing pool finishes them. */
  private readonly underWay = new Set<Promise<unknown>>();
  private lastTick = Date.now();
  private nextId = 1;
  private closing = false;

  constructor(private readonly options: RenderPoolOptions) {
    this.network = new WorkerNetwork(options);
    this.stallMs = options.stallMs ?? 1_000;
    this.services = options.services ?? renderServiceAddresses(options.env);
    // The permission model reads real paths: a link would be refused as another file.
    this.staged = stageWorkerFiles({
      worker: realpathSync(options.worker),
      bundle: realpathSync(options.bundle),
    });
    // Its resident size, which the heap limit does not bound (Buffers, native memory).
    this.memoryMb = memoryCapMb(options.env);
    this.cgroups = this.memoryCgroups(options);
    if (options.identity === undefined) {
      const { identities, why } = workerIdentities(options.env, this.tenants());
      this.identities = identities;
      if (identities.size === 0) {
        options.onError(
          new Error(
            `render workers run as the page server's own user (${why}): a worker's code could signal it; run it as root, or with CAP_SETUID and CAP_SETGID (decision 032)`,
          ),
        );
      } else if (why) {
        options.onError(
          new Error(`render workers are not apart from one another: ${why} (decision 032)`),
        );
      }
    } else {
      this.identities = new Map();
    }
    for (const tenant of this.tenants()) {
      for (let index = 0; index < (options.size ?? 1); index += 1) this.start(tenant, 'main');
    }
    this.watchdog = setInterval(() => this.watch(), 100);
    this.watchdog.unref();
  }

  /** The workers' memory cgroups, where this process may make them; where not, said once. */
  private memoryCgroups(options: RenderPoolOptions): MemoryCgroups | undefined {
    if (options.memoryCgroups === false || process.platform !== 'linux') return undefined;
    const cgroups = memoryCgroups();
    if ('why' in cgroups) {
      options.onError(
        new Error(
          `render workers' memory is capped by the page server's watchdog, not the kernel: ${cgroups.why}`,
        ),
      );
      return undefined;
    }
    return cgroups;
  }

  private tenants(): string[] {
    return [HOST_TENANT, ...this.options.remotes];
  }

  /** The customer's account, asked by the host's worker with their session (reads: `reads`). */
  async account(
    request: Omit<Extract<WorkerRequest, { type: 'account' }>, 'id'>,
    fetch: CustomerFetch,
    reads: ReadonlySet<string>,
  ) {
    const answer = await this.track(this.ask(HOST_TENANT, { ...request, id: 0 }, { fetch, reads }));
    return answer.type === 'account' ? answer : undefined;
  }

  /** The page around its slots, by the host's worker. */
  async shell(request: Omit<Extract<WorkerRequest, { type: 'shell' }>, 'id'>) {
    const answer = await this.track(this.ask(HOST_TENANT, { ...request, id: 0 }, {}));
    return answer.type === 'shell' ? answer.page : null;
  }

  /**
   * A slice's slots of a page, by that slice's worker, each as its worker rendered it or as the
   * page server judged it: quarantined code is not run; a suspected slot runs alone; a release
   * the worker has not loaded is loaded first, alone.
   */
  slots(...args: Parameters<RenderPool['slotsOf']>): Promise<SlotResult[]> {
    return this.track(this.slotsOf(...args));
  }

  /** A page's part under way: a closing pool finishes it (each is bounded by its deadline). */
  private track<T>(work: Promise<T>): Promise<T> {
    const underWay = work.catch(() => undefined);
    this.underWay.add(underWay);
    void underWay.then(() => this.underWay.delete(underWay));
    return work;
  }

  private async slotsOf(
    remote: string,
    release: string,
    request: SlotsRequest,
    slots: readonly RemoteModuleId[],
    options: SlotsOptions,
  ): Promise<SlotResult[]> {
    if (this.closing) return slots.map((slot) => ({ slot, outcome: 'failed' }));
    const plan = planSlots(this.trials, remote, release, slots);
    if (plan.batches.some((batch) => batch.role === 'trial')) this.ensureTrialWorker(remote);
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
    const hold = await this.free(remote, request.deadline, role, (candidate) =>
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
      if (!this.workers.has(worker)) throw new Error(`the ${remote} render worker stopped`);
    }
    const reads = new Set(batch.flatMap((slot) => options.reads(slot)));
    // Replaced after so many releases, once this page's slots are in (its release is loaded).
    const answered = this.send(
      worker,
      { ...request, type: 'slots', id: 0, slots: [...batch] },
      {
        code: batch.map((slot) => ({ remote, release, slot })),
        alone: exclusive,
        reads,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      },
    );
    this.recycleIfDue(worker);
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
    const loaded = await this.send(
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
          this.options.onLoaded?.(remote, release, answer.outcome);
          // Refused or without server code, it stays so here: its slots are answered failed
          // by the worker without another first run.
          worker.loaded.add(release);
        },
      },
    );
    return loaded.type === 'loaded' && loaded.outcome === 'evaluated';
  }

  /** A question to any free worker of the tenant (the host's parts). */
  private async ask(
    tenant: string,
    request: WorkerRequest,
    options: { fetch?: CustomerFetch; reads?: ReadonlySet<string> },
  ): Promise<WorkerAnswer> {
    if (this.closing) throw new Error('the page server is stopping: the browser renders this page');
    const deadline = 'deadline' in request ? request.deadline : Date.now();
    const hold = await this.free(tenant, deadline, 'main', () => false);
    try {
      return await this.send(hold.worker, request, {
        code: [],
        alone: false,
        ...(options.reads ? { reads: options.reads } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    } finally {
      hold.release();
    }
  }

  /**
   * A ready worker of the tenant in that role to put a question to, waiting until `until`: not
   * one behind on its work (a page it had is past its deadline: it may be stuck), nor one running
   * something alone; `alone(worker)` says whether this question must run alone there (then the
   * worker must have nothing under way). Rejects (PartLate) when none is free in time, and at
   * once when a trial worker is busy or every worker of the tenant is behind: a page does not
   * wait for a worker that is being judged, nor for a trial.
   */
  private async free(
    tenant: string,
    until: number,
    role: WorkerRole,
    alone: (worker: PoolWorker) => boolean,
  ): Promise<{ worker: PoolWorker; release: () => void }> {
    for (;;) {
      if (this.starts.givenUp) throw new Error('no render worker can start on this runtime');
      const now = Date.now();
      const { worker, hopeless } = chooseWorker(this.workers, tenant, role, alone, now);
      if (worker) {
        return {
          worker,
          release: holdWorker(worker, alone(worker), () => {
            this.retireIfIdle(worker);
            this.wake();
          }),
        };
      }
      if (this.unreachable.has(tenant)) {
        throw new PartLate(`the ${tenant} render service cannot be reached`);
      }
      const left = until - now;
      if (left <= 0 || hopeless)
        throw new PartLate(`no ${tenant} render worker was free before the page's deadline`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
  }

  private wake(): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const wake of waiting) wake();
  }

  /** Puts a question to the worker; it answers, or the asker stops waiting at its deadline. */
  private send(
    worker: PoolWorker,
    request: WorkerRequest,
    extra: {
      code: SliceCode[];
      alone: boolean;
      judgeAfter?: number;
      fetch?: CustomerFetch;
      reads?: ReadonlySet<string>;
      onAnswer?: (answer: WorkerAnswer) => void;
    },
  ): Promise<WorkerAnswer> {
    const id = this.nextId++;
    const message = { ...request, id };
    const deadline = 'deadline' in message ? message.deadline : Date.now();
    const answerBy = deadline + ANSWER_GRACE_MS;
    const answered = new Promise<WorkerAnswer>((resolve, reject) => {
      const flight: Flight = {
        request: message,
        resolve,
        reject,
        deadline,
        judgeAfter: Math.max(answerBy, extra.judgeAfter ?? 0),
        code: extra.code,
        alone: extra.alone,
        reads: extra.reads ?? new Set(),
        ...(extra.onAnswer ? { onAnswer: extra.onAnswer } : {}),
        fetches: 0,
        ...(extra.fetch ? { fetch: extra.fetch } : {}),
        // The asker stops waiting; the flight stays the worker's until it answers or stops.
        timer: setTimeout(
          () => reject(new PartLate(`the ${worker.tenant} render worker did not answer in time`)),
          Math.max(0, answerBy - Date.now()),
        ),
      };
      worker.flights.set(id, flight);
      this.network.asked(worker, message);
      this.post(worker, message);
    });
    return answered;
  }

  /** Each ready worker's heap and resident size, in bytes (after a collection, with exposeGc). */
  async memory(): Promise<{ pid: number; tenant: string; heapUsed: number; rss: number }[]> {
    const ready = [...this.workers].filter((worker) => worker.ready && !worker.retiring);
    return Promise.all(
      ready.map(
        (worker) =>
          new Promise<{ pid: number; tenant: string; heapUsed: number; rss: number }>((resolve) => {
            worker.memory = (figures) =>
              resolve({ pid: worker.channel.pid ?? 0, tenant: worker.tenant, ...figures });
            this.post(worker, { type: 'memory' });
          }),
      ),
    );
  }

  /** The workers' process ids (tests, benchmarks). */
  pids(tenant?: string): number[] {
    return [...this.workers].flatMap((worker) =>
      worker.channel.pid && (tenant === undefined || worker.tenant === tenant)
        ? [worker.channel.pid]
        : [],
    );
  }

  /** Whether render workers start here: for the page server's health and metrics. */
  health(): ServerRenderHealth {
    return this.starts.health();
  }

  /** What is quarantined (tests, the log). */
  quarantine(): string[] {
    return this.trials.quarantine();
  }

  /** Once every worker is ready to render, or once none can start on this runtime. */
  async ready(): Promise<void> {
    while (!this.starts.givenUp && [...this.workers].some((worker) => !worker.ready)) {
      await new Promise<void>((resolve) => this.waiting.add(resolve));
    }
  }

  /** Takes no new page, finishes those under way, then ends the workers. */
  async close(): Promise<void> {
    this.closing = true;
    this.wake();
    await Promise.all(this.underWay);
    clearInterval(this.watchdog);
    for (const retry of this.retries) clearTimeout(retry);
    const exits = [...this.workers].map((worker) => worker.channel.ended);
    for (const worker of this.workers) worker.channel.kill();
    this.workers.clear();
    await Promise.all(exits);
    this.cgroups?.remove();
    this.staged.remove();
  }

  /** A slice with suspected slots has a trial worker (one at a time); it starts on demand. */
  private ensureTrialWorker(tenant: string): void {
    const has = [...this.workers].some(
      (worker) => worker.tenant === tenant && worker.role === 'trial' && !worker.retiring,
    );
    if (!has && !this.closing && !this.unreachable.has(tenant)) this.start(tenant, 'trial');
  }

  /** A trial worker with no suspect left in its slice goes. */
  private retireTrialIfDone(worker: PoolWorker): void {
    if (worker.role !== 'trial' || worker.retiring || this.trials.hasSuspects(worker.tenant)) {
      return;
    }
    worker.retiring = true;
    this.retireIfIdle(worker);
  }

  private start(tenant: string, role: WorkerRole): void {
    if (this.starts.givenUp) return;
    const init = {
      bundle: this.staged.bundle,
      apiUpstream: this.options.apiUpstream,
      unpinned: this.options.unpinned,
      tenant,
      ...(this.options.revalidateMs !== undefined
        ? { revalidateMs: this.options.revalidateMs }
        : {}),
    };
    const events: WorkerEvents = {
      onMessage: (raw) => this.receive(worker, raw),
      onLine: (line) => this.said(worker, line),
      onExit: (why, lost, cause) => {
        if (!this.workers.has(worker)) return;
        if (cause === 'memory') this.stopForMemory(worker, why);
        else this.stop(worker, why, lost ? () => ({ kind: 'none' }) : undefined);
      },
      onDraining: () => this.moveOff(worker),
    };
    const heapMb = this.options.heapMb ?? 256;
    const exposeGc = this.options.exposeGc ?? false;
    const service = this.services.get(tenant);
    const channel = service
      ? serviceWorker(service, { init, heapMb, exposeGc, memoryCapMb: this.memoryMb }, events)
      : localWorker(
          {
            staged: this.staged,
            init,
            env: this.options.env,
            identity: this.identities.get(tenant),
            heapMb,
            exposeGc,
            memoryCapMb: this.memoryMb,
            ...(this.cgroups ? { cgroup: this.cgroups.forWorker(this.memoryMb) } : {}),
          },
          events,
        );
    const worker = poolWorker(tenant, role, channel);
    this.workers.add(worker);
  }

  private receive(worker: PoolWorker, raw: unknown): void {
    if (!this.workers.has(worker)) return;
    const received = receiveMessage(worker, raw);
    if ('stop' in received) {
      this.stop(worker, received.stop);
      return;
    }
    const { message } = received;
    switch (message.type) {
      case 'ready':
        this.becameReady(worker);
        return;
      case 'fetch':
        this.read(worker, message);
        return;
      case 'public':
        void this.network
          .publicRead(worker, message.url)
          .then((answer) => this.reply(worker, { type: 'answer', ask: message.ask, ...answer }));
        return;
      case 'file':
        void this.network
          .file(worker, message.url)
          .then((answer) => this.reply(worker, { type: 'file', ask: message.ask, ...answer }));
        return;
      case 'error':
        this.options.onError(new Error(`${worker.tenant}: ${message.message}`));
        return;
      case 'memory':
        worker.memory?.({ heapUsed: message.heapUsed, rss: message.rss });
        worker.memory = undefined;
        return;
      default:
        this.answer(worker, message);
    }
  }

  /** An answer counts only for a question this worker was asked, of the same kind. */
  private answer(worker: PoolWorker, message: WorkerAnswer): void {
    const flight = worker.flights.get(message.id);
    // One the page stopped waiting for and the worker answered late is already gone.
    if (!flight) return;
    const expected = flight.request.type === 'load' ? 'loaded' : flight.request.type;
    if (message.type !== expected) {
      this.stop(worker, `it answered a ${flight.request.type} with a ${message.type}`);
      return;
    }
    worker.flights.delete(message.id);
    clearTimeout(flight.timer);
    this.trials.ranUnharmed(flight.code);
    flight.onAnswer?.(message);
    flight.resolve(message);
    this.retireTrialIfDone(worker);
    this.wake();
    this.retireIfIdle(worker);
  }

  /** A read of the provider for a customer's page: only the paths the question's slots read. */
  private read(worker: PoolWorker, message: Extract<FromWorker, { type: 'fetch' }>): void {
    answerRead(
      worker.tenant,
      worker.flights.get(message.id),
      message,
      (answer) => {
        if (this.workers.has(worker))
          this.post(worker, { type: 'answer', ask: message.ask, ...answer });
      },
      this.options.onError,
    );
  }

  /** An answer to what a worker asked, if that worker is still the pool's. */
  private reply(worker: PoolWorker, message: ToWorker): void {
    if (this.workers.has(worker)) this.post(worker, message);
  }

  private post(worker: PoolWorker, message: ToWorker): void {
    worker.channel.send(message);
  }

  /** The watchdog's round: each worker judged from outside (worker-judgment). */
  private watch(): void {
    const now = Date.now();
    const stood = now - this.lastTick > 400;
    this.lastTick = now;
    for (const worker of this.workers) {
      const heavy = worker.channel.cappedByKernel
        ? undefined
        : judgeMemory(worker.channel.residentMb(), worker.channel.memoryCapMb);
      if (heavy) {
        this.stopForMemory(worker, heavy);
        continue;
      }
      const why = judgeWorker(worker, now, this.stallMs, stood);
      if (why) this.stop(worker, why);
    }
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
  private stopForMemory(worker: PoolWorker, why: string): void {
    const held = releasesHeld(worker);
    const [only] = held;
    if (only !== undefined && held.length === 1) {
      this.stop(worker, why, () => this.trials.stopped([{ remote: worker.tenant, release: only }]));
    } else {
      const holding = held.length > 1 ? `; it held releases ${held.join(', ')}` : '';
      this.stop(worker, `${why}${holding}`, (running) => this.trials.suspect(running));
    }
  }

  /**
   * A worker that stopped answering or exited: killed and replaced; what the page server had
   * asked it and it had not answered is held against that code (slot-trials), unless `judge`
   * holds something else against it.
   */
  private stop(
    worker: PoolWorker,
    why: string,
    judge: (running: SliceCode[]) => Verdict = (running) => this.trials.stopped(running),
  ): void {
    this.workers.delete(worker);
    worker.channel.kill();
    if (!worker.ready) {
      this.failedToStart(worker, why);
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

  /** A worker stopped before it was ready (worker-starts): replaced, unless none can start here. */
  private failedToStart(worker: PoolWorker, why: string): void {
    const said = worker.startLines.length > 0 ? `; it said: ${worker.startLines.join(' / ')}` : '';
    const reason = `${why}${said}`;
    // A render service out of reach says nothing of this runtime: its slice waits, alone.
    if (this.services.has(worker.tenant)) {
      this.serviceUnreachable(worker, reason);
      return;
    }
    const failure = this.starts.failed(reason);
    if (failure === 'give up') {
      // The workers still starting are as doomed: ended now, quietly.
      for (const starting of [...this.workers].filter((each) => !each.ready)) {
        this.workers.delete(starting);
        starting.channel.kill();
      }
      (this.options.onUnavailable ?? this.stopped.bind(this))(
        new Error(unavailableMessage(reason)),
      );
      this.wake();
      return;
    }
    if (failure === 'given up') return;
    if (failure === 'replace') {
      this.stopped(
        new Error(`a ${worker.tenant} render worker could not start and was replaced: ${reason}`),
      );
    }
    // A trial worker is started again when a suspect next needs one.
    if (!this.closing && worker.role === 'main') this.start(worker.tenant, 'main');
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
      this.stopped(
        new Error(
          `the ${tenant} render service cannot be reached (${why}): its slots are the browser's to render until it can`,
        ),
      );
    }
    this.unreachable.set(tenant, retryMs);
    this.wake();
    if (this.closing) return;
    const retry = setTimeout(() => {
      this.retries.delete(retry);
      if (!this.closing) this.start(tenant, 'main');
    }, retryMs);
    retry.unref();
    this.retries.add(retry);
  }

  /** A worker loaded the render bundle: it takes questions from now on. */
  private becameReady(worker: PoolWorker): void {
    worker.ready = true;
    if (this.unreachable.delete(worker.tenant)) {
      this.options.onError(new Error(`the ${worker.tenant} render service is reached again`));
    }
    for (const line of worker.startLines.splice(0)) this.said(worker, line);
    const hidden = this.starts.ready();
    if (hidden) {
      this.stopped(
        new Error(
          `${hidden.failures} render worker(s) could not start before one did: ${hidden.why}`,
        ),
      );
    }
    this.wake();
  }

  /** A line a worker printed: for the log; before it is ready, kept for its stop (bounded). */
  private said(worker: PoolWorker, line: string): void {
    if (worker.ready) {
      this.options.onError(new Error(`render worker (${worker.tenant}): ${line}`));
    } else if (worker.startLines.length < MAX_START_LINES) {
      worker.startLines.push(line);
    }
  }

  private stopped(error: Error): void {
    (this.options.onStopped ?? this.options.onError)(error);
  }

  /** Its render service is stopping: a new worker is started (on another pod), it is retired. */
  private moveOff(worker: PoolWorker): void {
    if (!this.workers.has(worker) || worker.retiring) return;
    worker.retiring = true;
    if (!this.closing && worker.role === 'main') this.start(worker.tenant, 'main');
    this.retireIfIdle(worker);
  }

  private recycleIfDue(worker: PoolWorker): void {
    const limit = this.options.recycleAfterReleases ?? 50;
    if (worker.retiring || worker.loads < limit || this.closing) return;
    worker.retiring = true;
    this.start(worker.tenant, worker.role);
  }

  private retireIfIdle(worker: PoolWorker): void {
    if (!worker.retiring || worker.flights.size > 0 || worker.held > 0) return;
    this.workers.delete(worker);
    worker.channel.retire();
  }
}
