import { type ChildProcess, fork } from 'node:child_process';
import { realpathSync } from 'node:fs';
import type { Audience } from '../../src/contract/page-state';
import type { RuntimeConfig } from '../../src/contract/runtime-config';
import { cpuTimeMs } from './process-cpu';
import type { RenderedPage } from './render-page';
import {
  type FromWorker,
  fromWorkerSchema,
  quarantineKey,
  type SliceCode,
  type ToWorker,
  type WorkerInit,
} from './render-protocol';

/*
 * The page server's render workers (decision 026). The slices' server code runs in child
 * processes that hold no secret and may read nothing but their code: a compromised release
 * gets a process that can compute and fetch, not the server's keys, files or processes. A
 * worker whose event loop stops turning (a slice's code that never yields) is killed and
 * replaced; the release it was running is never run here again, and the pages it held are
 * rendered again by another worker without it.
 */

/** A page as a worker renders it, with each server-rendered slot's style sheets for its head. */
export type RenderedByWorker =
  | Exclude<RenderedPage, { kind: 'page' }>
  | (Extract<RenderedPage, { kind: 'page' }> & { styles: string[] });

export interface RenderPoolOptions {
  /** The worker's script (dist-server/render-worker.mjs). */
  worker: string;
  /** The host's render bundle (dist-ssr/render-page.cjs). */
  bundle: string;
  apiUpstream: string;
  unpinned: 'evaluate' | 'refuse';
  revalidateMs?: number;
  /** How many workers render at once. */
  size?: number;
  /**
   * How long a worker's event loop may stand still (a slice's code running without yielding)
   * before the worker is killed: the render's CPU deadline.
   */
  stallMs?: number;
  /** How often a worker says it is alive. */
  beatMs?: number;
  /** Each worker's heap limit, set where it starts: a release that leaks ends its worker. */
  heapMb?: number;
  /** After how many releases evaluated a worker is replaced (old module graphs go with it). */
  recycleAfterReleases?: number;
  /** The server's environment: the worker gets NODE_ENV and TZ from it, nothing else. */
  env: Record<string, string | undefined>;
  /** For the memory benchmark: workers that can be asked to collect before they measure. */
  exposeGc?: boolean;
  /** A part of a page left to the browser, a release refused: for the log. */
  onError: (error: Error) => void;
  /** A worker stopped (the release or slot it was running named): for the log, as an error. */
  onStopped?: (error: Error) => void;
  /** A worker took up a release (it evaluated it). */
  onEvaluated?: (remote: string, release: string) => void;
  /** A worker refused a release: its bytes are not the ones a rollout registered. */
  onRefused?: (remote: string, release: string) => void;
}

/** A GET of the provider's API for a customer's page, answered with their session. */
export type CustomerFetch = (url: string) => Promise<{ status: number; data: unknown }>;

/** A page's render, from the request until a worker answers it. */
interface Pending {
  message: Extract<ToWorker, { type: 'render' }>;
  resolve: (page: RenderedByWorker) => void;
  reject: (error: Error) => void;
  /** How long it may take from when it is sent (a page sent again gets it again). */
  budgetMs: number;
  /** Whether it was already sent again after its first worker was stopped. */
  retried: boolean;
  /** A customer's page: asks the provider with their session (the page server holds it). */
  fetch?: CustomerFetch;
  timer?: ReturnType<typeof setTimeout>;
}

interface Worker {
  child: ChildProcess;
  startedAt: number;
  ready: boolean;
  lastSign: number;
  pending: Map<number, Pending>;
  /** The slices' code running now, innermost last. */
  running: SliceCode[];
  evaluated: number;
  /** Replaced: takes no new page, ends once its pages are answered. */
  retiring: boolean;
  memory?: (figures: { heapUsed: number; rss: number }) => void;
  /** When the watchdog first found it silent, and the CPU time it had used by then. */
  silence?: { since: number; cpuMs: number | undefined };
}

/** A release's code running for the first time in the pool, in one worker. */
interface Trial {
  worker: Worker;
  /** The page a slot's trial renders (it ends with that page's answer). */
  page: number | undefined;
  /** Other workers' evaluations of the release, answered when the trial ends. */
  waiting: { worker: Worker; answer: (allowed: boolean) => void }[];
}

/** How long after its deadline a page's render is given up (render-to-html aborts at +250). */
const ANSWER_GRACE_MS = 1_000;
/** How long a worker may take to load the render bundle. */
const START_ALLOWANCE_MS = 15_000;
/**
 * A silent worker that has used less than this share of one core since it fell silent is not
 * running at all (unscheduled, swapped out), not looping: it is given more time, up to
 * STARVED_PATIENCE stall allowances (code blocked without burning CPU, an Atomics.wait, is
 * stopped then). Low on purpose: on a loaded machine a loop gets only its fair share of a core,
 * well under one, and must still be stopped at once.
 */
const LOOPING_CPU_SHARE = 0.1;
const STARVED_PATIENCE = 10;

/** The environment a worker starts with: what rendering needs, never a secret. */
export function workerEnv(env: Record<string, string | undefined>): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of ['NODE_ENV', 'TZ']) {
    const value = env[name];
    if (value !== undefined) passed[name] = value;
  }
  return passed;
}

export class RenderPool {
  private readonly workers = new Set<Worker>();
  private readonly quarantined = new Set<string>();
  /** Release code that ran unharmed in one worker: every worker may run it. */
  private readonly proven = new Set<string>();
  /** Proven code that stopped a worker once: the next stop quarantines it. */
  private readonly struck = new Set<string>();
  private readonly trials = new Map<string, Trial>();
  private readonly waitingForWorker = new Set<() => void>();
  private readonly watchdog: ReturnType<typeof setInterval>;
  private readonly stallMs: number;
  private readonly beatMs: number;
  private readonly files: { worker: string; bundle: string };
  /** Pages being rendered: a closing pool finishes them (each is bounded by its timer). */
  private readonly underWay = new Set<Promise<void>>();
  private lastTick = Date.now();
  private nextId = 1;
  private closing = false;

  constructor(private readonly options: RenderPoolOptions) {
    this.stallMs = options.stallMs ?? 1_000;
    this.beatMs = options.beatMs ?? 50;
    // The permission model reads real paths: a link would be refused as another file.
    this.files = { worker: realpathSync(options.worker), bundle: realpathSync(options.bundle) };
    for (let index = 0; index < (options.size ?? 2); index += 1) this.start();
    this.watchdog = setInterval(() => this.watch(), this.beatMs);
    this.watchdog.unref();
  }

  /** The page rendered by a worker; rejects when none could (the browser renders it). */
  render(
    url: string,
    config: RuntimeConfig,
    audience: Audience,
    deadline: number,
    fetch?: CustomerFetch,
  ): Promise<RenderedByWorker> {
    const rendered = new Promise<RenderedByWorker>((resolve, reject) => {
      this.dispatch({
        message: {
          type: 'render',
          id: this.nextId++,
          url,
          audience,
          config,
          deadline,
          quarantined: [],
          shellOnly: false,
        },
        resolve,
        reject,
        budgetMs: Math.max(0, deadline - Date.now()),
        retried: false,
        ...(fetch ? { fetch } : {}),
      });
    });
    const underWay = rendered.then(
      () => {},
      () => {},
    );
    this.underWay.add(underWay);
    void underWay.then(() => this.underWay.delete(underWay));
    return rendered;
  }

  /** Each ready worker's heap and resident size, in bytes (after a collection, with exposeGc). */
  async memory(): Promise<{ pid: number; heapUsed: number; rss: number }[]> {
    const ready = [...this.workers].filter((worker) => worker.ready && !worker.retiring);
    return Promise.all(
      ready.map(
        (worker) =>
          new Promise<{ pid: number; heapUsed: number; rss: number }>((resolve) => {
            worker.memory = (figures) => resolve({ pid: worker.child.pid ?? 0, ...figures });
            this.send(worker, { type: 'memory' });
          }),
      ),
    );
  }

  /** The workers' process ids (tests, benchmarks). */
  pids(): number[] {
    return [...this.workers].flatMap((worker) => (worker.child.pid ? [worker.child.pid] : []));
  }

  /** Once every worker is ready to render. */
  async ready(): Promise<void> {
    while ([...this.workers].some((worker) => !worker.ready)) {
      await new Promise<void>((resolve) => this.waitingForWorker.add(resolve));
    }
  }

  /** Takes no new page, finishes those under way, then ends the workers. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.underWay);
    clearInterval(this.watchdog);
    const exits = [...this.workers].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.child.exitCode !== null || worker.child.signalCode !== null) resolve();
          else worker.child.once('exit', () => resolve());
        }),
    );
    for (const worker of this.workers) worker.child.kill('SIGKILL');
    this.workers.clear();
    await Promise.all(exits);
  }

  private start(): void {
    const init: WorkerInit = {
      bundle: this.files.bundle,
      apiUpstream: this.options.apiUpstream,
      unpinned: this.options.unpinned,
      beatMs: this.beatMs,
      ...(this.options.revalidateMs !== undefined
        ? { revalidateMs: this.options.revalidateMs }
        : {}),
    };
    const child = fork(this.files.worker, [JSON.stringify(init)], {
      execArgv: [
        // Reads its own code and the render bundle; writes nothing, starts nothing.
        '--permission',
        `--allow-fs-read=${this.files.worker}`,
        `--allow-fs-read=${this.files.bundle}`,
        `--max-old-space-size=${this.options.heapMb ?? 256}`,
        // V8's compilation cache keeps each release's script source for good (decision 020):
        // set here, where the workers start, not left to a command line nobody checks.
        '--no-compilation-cache',
        ...(this.options.exposeGc ? ['--expose-gc'] : []),
      ],
      env: workerEnv(this.options.env),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = {
      child,
      startedAt: Date.now(),
      ready: false,
      lastSign: Date.now(),
      pending: new Map(),
      running: [],
      evaluated: 0,
      retiring: false,
    };
    this.workers.add(worker);
    child.on('message', (raw) => this.receive(worker, raw));
    child.on('exit', (code, signal) => {
      if (this.workers.has(worker)) this.stop(worker, `it exited (${signal ?? code})`);
    });
    child.on('error', (error) => {
      if (this.workers.has(worker)) this.stop(worker, error.message);
    });
  }

  private receive(worker: Worker, raw: unknown): void {
    const parsed = fromWorkerSchema.safeParse(raw);
    if (!parsed.success) {
      this.stop(worker, 'it sent a message that is not the protocol');
      return;
    }
    const message = parsed.data;
    worker.lastSign = Date.now();
    worker.silence = undefined;
    switch (message.type) {
      case 'ready':
        worker.ready = true;
        for (const wake of this.waitingForWorker) wake();
        this.waitingForWorker.clear();
        return;
      case 'beat':
        return;
      case 'may-run':
        this.mayRun(worker, message);
        return;
      case 'fetch': {
        // Only the page's own session, and only while the page is this worker's.
        const fetch = worker.pending.get(message.page)?.fetch;
        const answer = fetch
          ? fetch(message.url).catch(() => ({ status: 502, data: null }))
          : Promise.resolve({ status: 401, data: null });
        void answer.then((answered) => {
          if (this.workers.has(worker)) {
            this.send(worker, { type: 'answer', ask: message.ask, ...answered });
          }
        });
        return;
      }
      case 'enter':
        worker.running.push(message.code);
        if (message.code.kind === 'evaluate') this.evaluated(worker);
        return;
      case 'leave': {
        const { remote, release, kind, slot } = message.code;
        const index = worker.running.findLastIndex(
          (code) =>
            code.remote === remote &&
            code.release === release &&
            code.kind === kind &&
            code.slot === slot,
        );
        if (index >= 0) worker.running.splice(index, 1);
        if (kind === 'evaluate') {
          this.endTrial(worker, quarantineKey(remote, release), true);
          this.options.onEvaluated?.(remote, release);
        }
        this.retireIfIdle(worker);
        return;
      }
      case 'rendered':
      case 'failed': {
        // A slot on trial in this page is proven once the server rendered it unharmed.
        for (const [key, trial] of this.trials) {
          if (trial.worker !== worker || trial.page !== message.id) continue;
          const slot = key.split(' ')[2] ?? '';
          this.endTrial(
            worker,
            key,
            message.type === 'rendered' &&
              message.page.kind === 'page' &&
              message.page.slots.includes(slot),
          );
        }
        const pending = worker.pending.get(message.id);
        if (!pending) return;
        this.settle(worker, pending);
        // Its state parsed as the browser parses it (page-state), typed as the browser types it.
        if (message.type === 'rendered') pending.resolve(message.page as RenderedByWorker);
        else pending.reject(new Error(`server render failed: ${message.message}`));
        this.retireIfIdle(worker);
        return;
      }
      case 'refused':
        this.options.onRefused?.(message.remote, message.release);
        return;
      case 'error': {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        this.options.onError(error);
        return;
      }
      case 'memory':
        worker.memory?.({ heapUsed: message.heapUsed, rss: message.rss });
        worker.memory = undefined;
        return;
    }
  }

  /**
   * The canary (decision 026): a release's code new to the pool runs in one worker first. Its
   * evaluation elsewhere waits for that one to end; a page elsewhere leaves the slot on trial to
   * the browser. A loop in new code so stops one worker, not every worker at once.
   */
  private mayRun(worker: Worker, message: Extract<FromWorker, { type: 'may-run' }>): void {
    const { code } = message;
    const key = quarantineKey(code.remote, code.release, code.slot);
    const answer = (allowed: boolean) =>
      this.send(worker, { type: 'may-run', ask: message.ask, allowed });
    const quarantined =
      this.quarantined.has(key) || this.quarantined.has(quarantineKey(code.remote, code.release));
    if (quarantined || this.proven.has(key)) {
      answer(!quarantined);
      return;
    }
    const trial = this.trials.get(key);
    if (trial && trial.worker !== worker && this.workers.has(trial.worker)) {
      if (code.kind === 'evaluate') trial.waiting.push({ worker, answer });
      else answer(false);
      return;
    }
    this.trials.set(key, { worker, page: message.page, waiting: trial?.waiting ?? [] });
    answer(true);
  }

  /** A trial over: its code proven, or not (then another worker may try it, unless it is quarantined). */
  private endTrial(worker: Worker, key: string, proven: boolean): void {
    const trial = this.trials.get(key);
    if (!trial || trial.worker !== worker) return;
    this.trials.delete(key);
    const waiting = trial.waiting.filter((waiter) => this.workers.has(waiter.worker));
    if (proven) {
      this.proven.add(key);
      for (const waiter of waiting) waiter.answer(true);
      return;
    }
    if (this.quarantined.has(key)) {
      for (const waiter of waiting) waiter.answer(false);
      return;
    }
    const [next, ...rest] = waiting;
    if (!next) return;
    this.trials.set(key, { worker: next.worker, page: undefined, waiting: rest });
    next.answer(true);
  }

  /** Sends the page to the least busy live worker, waiting for one until its deadline. */
  private dispatch(pending: Pending): void {
    if (this.closing) {
      pending.reject(new Error('the page server is stopping: the browser renders this page'));
      return;
    }
    const worker = this.pick();
    if (!worker) {
      if (Date.now() >= pending.message.deadline) {
        pending.reject(new Error('no render worker was ready before the page’s deadline'));
        return;
      }
      const wake = () => {
        clearTimeout(timer);
        this.waitingForWorker.delete(wake);
        this.dispatch(pending);
      };
      const timer = setTimeout(wake, Math.max(0, pending.message.deadline - Date.now()));
      this.waitingForWorker.add(wake);
      return;
    }
    worker.pending.set(pending.message.id, pending);
    pending.message.quarantined = this.avoiding();
    pending.timer = setTimeout(
      () => {
        // The worker's loop turns (the watchdog would have stopped it) but this page is lost.
        this.settle(worker, pending);
        pending.reject(new Error('the render worker did not answer this page'));
        this.retireIfIdle(worker);
      },
      Math.max(0, pending.message.deadline - Date.now()) + ANSWER_GRACE_MS + this.stallMs,
    );
    this.send(worker, pending.message);
  }

  /**
   * The releases and slots a page is rendered without: those quarantined, and what a worker
   * silent for a few beats is running now. Until the watchdog judges that worker, the other
   * workers must not run into the same loop (they would all stop at once).
   */
  avoiding(): string[] {
    const now = Date.now();
    const suspected = [...this.workers].flatMap((worker) => {
      const code = worker.running.at(-1);
      return code && now - worker.lastSign > this.beatMs * 4
        ? [quarantineKey(code.remote, code.release, code.slot)]
        : [];
    });
    return [...new Set([...this.quarantined, ...suspected])];
  }

  private pick(): Worker | undefined {
    const now = Date.now();
    const live = [...this.workers].filter((worker) => worker.ready && !worker.retiring);
    // A worker silent for a few beats may be stuck: pages go to one that is not, if any (a
    // busy machine delays every beat; then the least silent is still the best bet).
    const fresh = live.filter((worker) => now - worker.lastSign <= this.beatMs * 4);
    const candidates = fresh.length > 0 ? fresh : live;
    let best: Worker | undefined;
    for (const worker of candidates) {
      if (!best || worker.pending.size < best.pending.size) best = worker;
    }
    return best;
  }

  private send(worker: Worker, message: ToWorker): void {
    if (worker.child.connected) worker.child.send(message);
  }

  private settle(worker: Worker, pending: Pending): void {
    clearTimeout(pending.timer);
    worker.pending.delete(pending.message.id);
  }

  private watch(): void {
    const now = Date.now();
    const late = now - this.lastTick > this.beatMs * 4;
    this.lastTick = now;
    // This server's own loop stood still: the workers' beats are still queued, not missing.
    if (late) return;
    for (const worker of this.workers) {
      if (!worker.ready) {
        if (now - worker.startedAt > START_ALLOWANCE_MS) this.stop(worker, 'it did not start');
      } else if (now - worker.lastSign > this.beatMs * 4) {
        worker.silence ??= { since: now, cpuMs: cpuTimeMs(worker.child.pid) };
        if (now - worker.lastSign > this.stallMs && !this.starved(worker, now)) {
          this.stop(worker, `its event loop stood still for over ${this.stallMs} ms`);
        }
      }
    }
  }

  /**
   * Whether a silent worker is waiting for the CPU rather than spending it. On a loaded machine
   * (a CI runner, a deploy's build) a worker can go unscheduled for over a second: stopping it
   * would quarantine whatever slot it happened to be rendering for the server's whole life.
   */
  private starved(worker: Worker, now: number): boolean {
    const silence = worker.silence;
    if (!silence || silence.cpuMs === undefined) return false;
    if (now - worker.lastSign > this.stallMs * STARVED_PATIENCE) return false;
    const watched = now - silence.since;
    // Judged on a few beats' worth of its CPU time, not on the tick that found it silent.
    if (watched < this.beatMs * 4) return true;
    const cpuMs = cpuTimeMs(worker.child.pid);
    if (cpuMs === undefined) return false;
    return cpuMs - silence.cpuMs < watched * LOOPING_CPU_SHARE;
  }

  /**
   * A worker that stopped answering or exited: the slice code it was running (if any) is
   * quarantined, the worker is killed and replaced, and its pages go to another worker once.
   */
  private stop(worker: Worker, why: string): void {
    this.workers.delete(worker);
    worker.child.kill('SIGKILL');
    const culprit = worker.running.at(-1);
    const key = culprit ? quarantineKey(culprit.remote, culprit.release, culprit.slot) : '';
    if (culprit && this.proven.has(key) && !this.struck.has(key)) {
      // Code that ran unharmed before and stops a worker once is more likely the machine's
      // moment (a long pause, a starved process) than its own loop: it goes back on trial in
      // one worker, and a second stop quarantines it.
      this.struck.add(key);
      this.proven.delete(key);
      this.stopped(
        new Error(
          `${culprit.remote}: release ${culprit.release}: ${culprit.slot ?? 'its evaluation'} stopped a render worker (${why}) after running unharmed; it is tried again in one worker, and left to the browser if it stops another`,
        ),
      );
    } else if (culprit) {
      this.quarantined.add(key);
      const what = culprit.slot
        ? `${culprit.slot} stopped a render worker while it rendered (${why}); that slot of the release is left to the browser from now on`
        : `stopped a render worker while it was evaluated (${why}); its slots are left to the browser from now on`;
      this.stopped(new Error(`${culprit.remote}: release ${culprit.release}: ${what}`));
    } else if (!worker.retiring) {
      this.stopped(new Error(`a render worker was stopped and replaced: ${why}`));
    }
    for (const [key, trial] of this.trials) {
      if (trial.worker === worker) this.endTrial(worker, key, false);
    }
    if (!this.closing && !worker.retiring) this.start();
    for (const pending of worker.pending.values()) {
      this.settle(worker, pending);
      if (pending.retried || this.closing) {
        pending.reject(new Error(`the render worker stopped: ${why}`));
        continue;
      }
      pending.retried = true;
      // Without the release that stopped it; or, when none could be named, without any slot.
      pending.message = {
        ...pending.message,
        deadline: Date.now() + pending.budgetMs,
        shellOnly: !culprit,
      };
      this.dispatch(pending);
    }
  }

  private stopped(error: Error): void {
    (this.options.onStopped ?? this.options.onError)(error);
  }

  private evaluated(worker: Worker): void {
    worker.evaluated += 1;
    const limit = this.options.recycleAfterReleases ?? 50;
    if (worker.retiring || worker.evaluated < limit || this.closing) return;
    worker.retiring = true;
    this.start();
    this.retireIfIdle(worker);
  }

  private retireIfIdle(worker: Worker): void {
    if (!worker.retiring || worker.pending.size > 0 || worker.running.length > 0) return;
    this.workers.delete(worker);
    worker.child.disconnect();
  }
}
