import type { Flight } from './pool-worker';
import type { FromWorker } from './render-protocol';
import { readsPath } from './slot-reads';

/*
 * A worker's read of the provider for a customer's page (decision 032): the page server asks
 * with the customer's session, which the worker never sees, and only for the paths the slots it
 * was asked to render read, a handful per question.
 */

/** A question's reads of the provider at most (a page asks a handful). */
const MAX_READS = 16;

type ReadMessage = Extract<FromWorker, { type: 'fetch' }>;
type ReadAnswer = { status: number; data: unknown };

/**
 * Answers the worker's read `message` of its question's `flight` (undefined: one it was not
 * asked, or no longer) through `reply`: the provider's answer, or 403 for what it may not read.
 */
export function answerRead(
  tenant: string,
  flight: Flight | undefined,
  message: ReadMessage,
  reply: (answer: ReadAnswer) => void,
  onError: (error: Error) => void,
): void {
  const asked = new URL(message.url, 'http://provider.invalid');
  const allowed =
    flight?.fetch !== undefined &&
    asked.origin === 'http://provider.invalid' &&
    readsPath(flight.reads, asked.pathname) &&
    flight.fetches < MAX_READS;
  if (!flight?.fetch || !allowed) {
    if (flight && flight.fetches <= MAX_READS) {
      onError(
        new Error(
          `${tenant} asked the provider for ${asked.pathname.slice(0, 200)}, which nothing it renders on this page reads: refused`,
        ),
      );
    }
    if (flight) flight.fetches += 1;
    reply({ status: 403, data: null });
    return;
  }
  flight.fetches += 1;
  void flight
    .fetch(`${asked.pathname}${asked.search}`)
    .catch(() => ({ status: 502, data: null }))
    .then(reply);
}
