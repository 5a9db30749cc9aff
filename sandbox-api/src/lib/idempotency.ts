import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { HttpError } from './http-errors';

/**
 * `Idempotency-Key` of an order's creation (contract v1.3): one key per attempt to pay, sent
 * again with every repetition. The same customer, key and request answer the same order; the
 * same key with another request, within 24 hours, is refused.
 */

/** 1 to 64 characters of A–Z, a–z, 0–9, `-` and `_`. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** A key answers the same request for this long; afterwards it starts afresh. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const keyRequired = () =>
  new HttpError(
    400,
    'idempotency_key_required',
    'მოთხოვნას სჭირდება Idempotency-Key სათაური: 1–64 სიმბოლო (A–Z, a–z, 0–9, „-“ და „_“).',
  );

export const keyReused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    'ეს Idempotency-Key უკვე გამოყენებულია სხვა მოთხოვნისთვის. ახალ გადახდას ახალი გასაღები სჭირდება.',
  );

/** The key of a request, or the 400 a missing or malformed one is. */
export function keyOf(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw keyRequired();
  return header;
}

/** What makes two requests the same: their parsed values, in a fixed order. */
export const requestHash = (request: Record<string, unknown>): string =>
  createHash('sha256')
    .update(
      JSON.stringify(
        Object.keys(request)
          .sort()
          .map((key) => [key, request[key]]),
      ),
    )
    .digest('hex');

/**
 * Claims the customer's key for this request, first thing in the transaction that creates the
 * order. A key seen before answers its order (null: the key is new, and now this
 * transaction's). Two requests racing with one key meet on the key's primary key: the second
 * waits for the first's transaction, then finds its order, or the key free again if the first
 * failed.
 */
export async function claimKey(
  tx: Queryable,
  userId: number,
  key: string,
  hash: string,
  now: Date,
): Promise<number | null> {
  await tx.query(
    'DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at <= $3',
    [userId, key, new Date(now.getTime() - KEY_LIFETIME_MS).toISOString()],
  );
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    [userId, key, hash, now.toISOString()],
  );
  if (claimed.length > 0) return null;
  const [seen] = await tx.query<{ request_hash: string; order_id: number | null }>(
    'SELECT request_hash, order_id FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  if (!seen || seen.order_id === null) throw new Error('an idempotency key without its order');
  if (seen.request_hash !== hash) throw keyReused();
  return seen.order_id;
}

/** Binds the claimed key to the order its request made. */
export async function bindKey(
  tx: Queryable,
  userId: number,
  key: string,
  orderId: number,
): Promise<void> {
  await tx.query('UPDATE idempotency_keys SET order_id = $3 WHERE user_id = $1 AND key = $2', [
    userId,
    key,
    orderId,
  ]);
}
