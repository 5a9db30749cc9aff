import type { SandboxConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { secondsUntil, throttled } from './throttle';

export interface GuessLimits {
  /** Guesses per (username, address) pair inside the window before 429 (0: no limit). */
  perPair: number;
  /** Guesses per client address, across usernames, inside the window before 429 (0: no limit). */
  perAddress: number;
  /** Guesses per username, from any address, before each further one must wait (0: none). */
  perUserFree: number;
  /** The longest wait between two guesses for one username. */
  maxDelaySeconds: number;
  windowSeconds: number;
}

/** The limits the configuration sets (LOGIN_* in the README). */
export function guessLimits(config: SandboxConfig): GuessLimits {
  return {
    perPair: config.loginAttempts,
    perAddress: config.loginAddressAttempts,
    perUserFree: config.loginUserFreeAttempts,
    maxDelaySeconds: config.loginMaxDelaySeconds,
    windowSeconds: config.loginWindowSeconds,
  };
}

/** When the window reopens for these guesses (oldest first), or undefined while under `limit`. */
function reopensAt(guesses: Date[], limit: number, windowSeconds: number): Date | undefined {
  if (limit <= 0) return undefined;
  const blocking = guesses[guesses.length - limit];
  return blocking ? new Date(blocking.getTime() + windowSeconds * 1000) : undefined;
}

/**
 * The username's own pace, whoever guesses: past `free` guesses in the window, the next one
 * waits 2^(n − free + 1) seconds after the last, at most `maxDelaySeconds`. A guesser spread
 * over many addresses slows to one guess a minute; the owner, at worst, waits that minute.
 */
function pacedUntil(guesses: Date[], limits: GuessLimits): Date | undefined {
  if (limits.perUserFree <= 0 || guesses.length < limits.perUserFree) return undefined;
  const last = guesses[guesses.length - 1];
  if (!last) return undefined;
  const delay = Math.min(limits.maxDelaySeconds, 2 ** (guesses.length - limits.perUserFree + 1));
  return new Date(last.getTime() + delay * 1000);
}

async function guessesSince(
  tx: Queryable,
  where: { username?: string; address?: string },
  since: Date,
): Promise<Date[]> {
  const rows = await tx.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts
      WHERE ($1::text IS NULL OR username = $1::text) AND ($2::text IS NULL OR address = $2::text)
        AND attempted_at > $3
      ORDER BY attempted_at`,
    [where.username ?? null, where.address ?? null, since.toISOString()],
  );
  return rows.map((row) => new Date(row.attempted_at));
}

/**
 * Lets one password guess for `username` from `address` through, or throws 429 with the wait.
 * Someone else's guesses never lock a customer out: the hard limit is per (username, address)
 * pair and per address; per username they only slow down (pacedUntil). The guess is recorded
 * as a failure before the password is checked, in the same transaction as the count and under
 * a lock per username and per address: guesses sent in parallel are counted one after another
 * and cannot pass the limits together. A right password then calls `forgiveGuesses`.
 */
export async function admitGuess(
  db: Database,
  limits: GuessLimits,
  guess: { username: string; address: string },
  now: Date,
): Promise<void> {
  if (limits.perPair <= 0 && limits.perAddress <= 0 && limits.perUserFree <= 0) return;
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  await db.transaction(async (tx) => {
    // Always the username's lock first, then the address's: two guesses can never deadlock.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('guess-user:' || $1))", [guess.username]);
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('guess-address:' || $1))", [
      guess.address,
    ]);
    const reopens = [
      reopensAt(await guessesSince(tx, guess, since), limits.perPair, limits.windowSeconds),
      reopensAt(
        await guessesSince(tx, { address: guess.address }, since),
        limits.perAddress,
        limits.windowSeconds,
      ),
      pacedUntil(await guessesSince(tx, { username: guess.username }, since), limits),
    ].filter((date): date is Date => date !== undefined && date > now);
    if (reopens.length > 0) {
      const latest = new Date(Math.max(...reopens.map((date) => date.getTime())));
      throw throttled(secondsUntil(latest, now));
    }
    await tx.query(
      'INSERT INTO login_attempts (username, address, attempted_at) VALUES ($1, $2, $3)',
      [guess.username, guess.address, now.toISOString()],
    );
  });
}

/**
 * A right password: this address's guesses at the username no longer count. Others' stay, so
 * a customer's own login does not reset the pace of someone guessing at them elsewhere.
 */
export async function forgiveGuesses(
  tx: Queryable,
  guess: { username: string; address: string },
): Promise<void> {
  await tx.query('DELETE FROM login_attempts WHERE username = $1 AND address = $2', [
    guess.username,
    guess.address,
  ]);
}

/**
 * A recovery by a code sent to the owner: every guess at the username is forgotten, from any
 * address, so the owner is kept waiting by no one's earlier failures.
 */
export async function forgetAllGuesses(tx: Queryable, username: string): Promise<void> {
  await tx.query('DELETE FROM login_attempts WHERE username = $1', [username]);
}
