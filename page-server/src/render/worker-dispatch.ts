import type { CustomerFetch } from 'host/render-entry';
import type { Flight, PoolWorker } from './pool-worker';
import type { RenderPoolOptions } from './render-pool-options';
import { PartLate } from './render-pool-options';
import type { FromWorker, ToWorker, WorkerAnswer, WorkerRequest } from './render-protocol';
import type { SliceCode, SlotTrials } from './slot-trials';
import type { WorkerFleet } from './worker-fleet';
import { receiveMessage } from './worker-messages';
import { WorkerNetwork } from './worker-network';
import { answerRead } from './worker-reads';

/*
 * What the pool says to its workers and takes from them (decision 032): each question put as a
 * flight the worker must answer by its deadline, and each of the worker's messages parsed,
 * bounded and taken only as what it may say — an answer to a question it was asked, a read the
 * page server makes for it (worker-reads, worker-network), a line for the log.
 */

/** How long after its deadline a part's answer is still waited for (render-to-html aborts at +250). */
const ANSWER_GRACE_MS = 300;

export class WorkerDispatch {
  private readonly network: WorkerNetwork;
  private nextId = 1;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly fleet: WorkerFleet,
    private readonly trials: SlotTrials,
  ) {
    this.network = new WorkerNetwork(options);
  }

  /** Puts a question to the worker; it answers, or the asker stops waiting at its deadline. */
  send(
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
      worker.channel.send(message);
    });
    return answered;
  }

  /** Each ready worker's heap and resident size, in bytes (after a collection, with exposeGc). */
  async memory(): Promise<{ pid: number; tenant: string; heapUsed: number; rss: number }[]> {
    const ready = [...this.fleet.workers].filter((worker) => worker.ready && !worker.retiring);
    return Promise.all(
      ready.map(
        (worker) =>
          new Promise<{ pid: number; tenant: string; heapUsed: number; rss: number }>((resolve) => {
            worker.memory = (figures) =>
              resolve({ pid: worker.channel.pid ?? 0, tenant: worker.tenant, ...figures });
            worker.channel.send({ type: 'memory' });
          }),
      ),
    );
  }

  receive(worker: PoolWorker, raw: unknown): void {
    if (!this.fleet.workers.has(worker)) return;
    const received = receiveMessage(worker, raw);
    if ('stop' in received) {
      this.fleet.stop(worker, received.stop);
      return;
    }
    const { message } = received;
    switch (message.type) {
      case 'ready':
        this.fleet.becameReady(worker);
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
      this.fleet.stop(worker, `it answered a ${flight.request.type} with a ${message.type}`);
      return;
    }
    worker.flights.delete(message.id);
    clearTimeout(flight.timer);
    this.trials.ranUnharmed(flight.code);
    flight.onAnswer?.(message);
    flight.resolve(message);
    this.fleet.retireTrialIfDone(worker);
    this.fleet.wake();
    this.fleet.retireIfIdle(worker);
  }

  /** A read of the provider for a customer's page: only the paths the question's slots read. */
  private read(worker: PoolWorker, message: Extract<FromWorker, { type: 'fetch' }>): void {
    answerRead(
      worker.tenant,
      worker.flights.get(message.id),
      message,
      (answer) => {
        this.reply(worker, { type: 'answer', ask: message.ask, ...answer });
      },
      this.options.onError,
    );
  }

  /** An answer to what a worker asked, if that worker is still the pool's. */
  private reply(worker: PoolWorker, message: ToWorker): void {
    if (this.fleet.workers.has(worker)) worker.channel.send(message);
  }
}
