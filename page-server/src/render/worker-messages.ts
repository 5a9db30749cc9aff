import type { PoolWorker } from './pool-worker';
import { type FromWorker, fromWorkerSchema } from './render-protocol';

/*
 * A worker's message as the pool takes it (decision 032): parsed (render-protocol), and within
 * what any render needs; anything else is a reason to stop the worker.
 */

/** A worker's messages a second, past which it is not a render worker's. */
const MAX_MESSAGES_PER_SECOND = 2_000;

export type Received = { message: FromWorker } | { stop: string };

/** The worker's message `raw`, counted against its second's allowance. */
export function receiveMessage(worker: PoolWorker, raw: unknown, now = Date.now()): Received {
  const second = Math.floor(now / 1000);
  if (worker.said.second !== second) worker.said = { second, count: 0 };
  worker.said.count += 1;
  if (worker.said.count > MAX_MESSAGES_PER_SECOND) {
    return { stop: 'it sent more messages than any render needs' };
  }
  const parsed = fromWorkerSchema.safeParse(raw);
  if (!parsed.success) return { stop: 'it sent a message that is not the protocol' };
  return { message: parsed.data };
}
