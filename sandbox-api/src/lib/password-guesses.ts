import type { SandboxConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { secondsUntil, throttled } from './throttle';

export interface GuessLimits {
  /** Guesses per username inside the window before 429 (0: no limit). */
  perUsername: number;
  /** Guesses per client address inside the window before 429 (0: no limit). */
  perAddress: number;
  windowSeconds: number;
}

/** The limits the configuration sets (LOGIN_ATTEMPTS, LOGIN_ADDRESS_ATTEMPTS, LOGIN_WINDOW_SECONDS). */
export function guessLimits(config: SandboxConfig): GuessLimits {
  return {
    perUsername: config.loginAttempts,
    perAddress: config.loginAddressAttempts,
    windowSeconds: config.loginWindowSeconds,
  };
}

/** When the window reopens for these guesses (oldest first), or undefined while under `limit`. */
function reopensAt(guesses: Date[], limit: number, windowSeconds: number): Date | undefined {
  if (limit <= 0) return undefined;
  const blocking = guesses[guesses.length - limit];
  return blocking ? new Date(blocking.getTime() + windowSeconds * 1000) : undefined;
}

async function guessesSince(
  tx: Queryable,
  column: 'username' | 'address',
  value: string,
  since: Date,
): Promise<Date[]> {
  const rows = await tx.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts WHERE ${column} = $1 AND attempted_at > $2
      ORDER BY attempted_at`,
    [value, since.toISOString()],
  );
  return rows.map((row) => new Date(row.attempted_at));
}

/**
 * Lets one password guess for `username` from `address` through, or throws 429 with the wait.
 * The guess is recorded as a failure before the password is checked, in the same transaction
 * as the count and under a lock per username and per address: guesses sent in parallel are
 * counted one after another and cannot pass the limit together. A right password then calls
 * `forgiveGuesses`.
 */
export async function admitGuess(
  db: Database,
  limits: GuessLimits,
  guess: { username: string; address: string },
  now: Date,
): Promise<void> {
  if (limits.perUsername <= 0 && limits.perAddress <= 0) return;
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  await db.transaction(async (tx) => {
    // Always the username's lock first, then the address's: two guesses can never deadlock.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('guess-user:' || $1))", [guess.username]);
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('guess-address:' || $1))", [
      guess.address,
    ]);
    const reopens = [
      reopensAt(
        await guessesSince(tx, 'username', guess.username, since),
        limits.perUsername,
        limits.windowSeconds,
      ),
      reopensAt(
        await guessesSince(tx, 'address', guess.address, since),
        limits.perAddress,
        limits.windowSeconds,
      ),
    ].filter((date): date is Date => date !== undefined);
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

/** A right password: the username's recorded guesses no longer count against it. */
export async function forgiveGuesses(tx: Queryable, username: string): Promise<void> {
  await tx.query('DELETE FROM login_attempts WHERE username = $1', [username]);
}
