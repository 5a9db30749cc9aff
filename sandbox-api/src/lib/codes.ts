import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';

/** One-time codes: e-mail and phone verification, password recovery (provider-api.md). */
export type CodePurpose = 'email' | 'phone' | 'recovery';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_TRIES = 5;

export interface CodeContext {
  /** The server secret; codes are stored as an HMAC under a key derived from it. */
  secret: string;
  now: Date;
}

/**
 * A keyed hash, bound to the user and purpose: a leaked table row reveals nothing without the
 * secret, and a code for one user or purpose never matches another's.
 */
function hashCode(secret: string, userId: number, purpose: CodePurpose, code: string): string {
  const key = createHmac('sha256', secret).update('verification-codes').digest();
  return createHmac('sha256', key).update(`${userId}:${purpose}:${code}`).digest('hex');
}

/** When the newest code of this purpose was sent, for the resend throttle. */
export async function lastCodeSentAt(
  q: Queryable,
  userId: number,
  purpose: CodePurpose,
): Promise<Date | undefined> {
  const [row] = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM verification_codes WHERE user_id = $1 AND purpose = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId, purpose],
  );
  return row ? new Date(row.created_at) : undefined;
}

/** Creates a fresh 6-digit code and kills the user's older unused ones; returns the code. */
export async function issueCode(
  q: Queryable,
  { secret, now }: CodeContext,
  userId: number,
  purpose: CodePurpose,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await revokeCodes(q, userId, purpose);
  await q.query(
    `INSERT INTO verification_codes (user_id, purpose, code_hash, expires_at, tries_left, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      userId,
      purpose,
      hashCode(secret, userId, purpose, code),
      new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
      CODE_TRIES,
      now.toISOString(),
    ],
  );
  return code;
}

/** Kills every unused code of this purpose, e.g. when the address it was sent to changes. */
export async function revokeCodes(
  q: Queryable,
  userId: number,
  purpose: CodePurpose,
): Promise<void> {
  await q.query(
    `UPDATE verification_codes SET tries_left = 0
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND tries_left > 0`,
    [userId, purpose],
  );
}

export type CodeCheck =
  | { ok: true }
  /** Wrong code; one try used. `triesLeft` 0 means the code is now dead. */
  | { ok: false; reason: 'wrong'; triesLeft: number }
  /** No live code: none sent, expired, used, superseded or out of tries. */
  | { ok: false; reason: 'dead' };

/**
 * Checks `code` against the newest code of this purpose and uses it up on success. A wrong
 * code costs one try; the caller must commit that even though it answers 400.
 */
export async function consumeCode(
  q: Queryable,
  { secret, now }: CodeContext,
  userId: number,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const [row] = await q.query<{
    id: number;
    code_hash: string;
    expires_at: Date;
    tries_left: number;
    used_at: Date | null;
  }>(
    `SELECT id, code_hash, expires_at, tries_left, used_at FROM verification_codes
      WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  if (!row || row.used_at !== null || row.tries_left <= 0 || new Date(row.expires_at) <= now) {
    return { ok: false, reason: 'dead' };
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(secret, userId, purpose, code), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await q.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1', [
      row.id,
      now.toISOString(),
    ]);
    return { ok: true };
  }
  const [updated] = await q.query<{ tries_left: number }>(
    'UPDATE verification_codes SET tries_left = tries_left - 1 WHERE id = $1 RETURNING tries_left',
    [row.id],
  );
  return { ok: false, reason: 'wrong', triesLeft: updated?.tries_left ?? 0 };
}

export type Channel = 'sms' | 'email';

/** What a message is for: a one-time code, a security notice, a notification (v1.4). */
export type OutboxPurpose = 'code' | 'security' | 'notification';

export interface OutboxMessage {
  channel: Channel;
  recipient: string;
  body: string;
  /** A one-time code unless said. */
  purpose?: OutboxPurpose;
}

/** "Sends" a message: the sandbox writes it to the outbox instead (see /__sandbox/outbox). */
export async function queueMessage(q: Queryable, message: OutboxMessage, now: Date): Promise<void> {
  await q.query(
    'INSERT INTO outbox (channel, recipient, body, purpose, created_at) VALUES ($1, $2, $3, $4, $5)',
    [
      message.channel,
      message.recipient,
      message.body,
      message.purpose ?? 'code',
      now.toISOString(),
    ],
  );
}

/**
 * What the log may say of a queued message. In development all of it: the log is where a
 * developer reads the code. Otherwise only its channel: a code or a phone number in a log is
 * there for anyone who reads the logs.
 */
export function loggableMessage(
  message: OutboxMessage,
  mode: 'development' | 'production',
): Partial<OutboxMessage> {
  return mode === 'development' ? message : { channel: message.channel };
}
