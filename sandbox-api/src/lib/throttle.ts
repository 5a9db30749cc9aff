import { HttpError } from './http-errors';

/** Whole seconds from `now` until `until`, at least 1 so a client never retries at once. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** DRF's throttled answer: 429 with `Retry-After` in seconds, the wait also in the message. */
export function throttled(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    'throttled',
    `ძალიან ბევრი მცდელობა. სცადეთ ${retryAfterSeconds} წამში.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Throws 429 when the last event happened less than `windowSeconds` before `now`: one event
 * per window, as for code sends.
 */
export function assertOncePer(last: Date | undefined, windowSeconds: number, now: Date): void {
  if (!last) return;
  const until = new Date(last.getTime() + windowSeconds * 1000);
  if (until > now) throw throttled(secondsUntil(until, now));
}
