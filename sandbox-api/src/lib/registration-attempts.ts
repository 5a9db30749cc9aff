import type { SandboxConfig } from '../config';
import type { Database } from '../db/database';
import { secondsUntil, throttled } from './throttle';

/**
 * Lets one registration attempt from `address` through, or throws 429 with the wait. Every
 * attempt counts, valid or not: an attempt can reveal whether a personal number is registered
 * (an otherwise valid registration of a taken number says so), so learning it costs. Counted
 * before any other work, under a lock per address, so parallel attempts cannot pass together.
 */
export async function admitRegistration(
  db: Database,
  config: Pick<SandboxConfig, 'registerAddressAttempts' | 'registerWindowSeconds'>,
  address: string,
  now: Date,
): Promise<void> {
  const limit = config.registerAddressAttempts;
  if (limit <= 0) return;
  const since = new Date(now.getTime() - config.registerWindowSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('register-address:' || $1))", [address]);
    const rows = await tx.query<{ attempted_at: Date }>(
      `SELECT attempted_at FROM registration_attempts WHERE address = $1 AND attempted_at > $2
        ORDER BY attempted_at`,
      [address, since.toISOString()],
    );
    const blocking = rows[rows.length - limit];
    if (blocking) {
      const reopens = new Date(
        new Date(blocking.attempted_at).getTime() + config.registerWindowSeconds * 1000,
      );
      throw throttled(secondsUntil(reopens, now));
    }
    await tx.query('INSERT INTO registration_attempts (address, attempted_at) VALUES ($1, $2)', [
      address,
      now.toISOString(),
    ]);
  });
}
