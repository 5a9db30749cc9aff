import type { FastifyInstance } from 'fastify';
import type { Queryable } from './database';
import { seedCms } from './seed-cms';
import { seedLoans } from './seed-loans';
import { seedNotifications } from './seed-notifications';
import { seedRecords } from './seed-records';
import { SEED_USERS, seedUsers } from './seed-users';

/**
 * Realistic Georgian content and one user for each state, written once on first start
 * (an empty users table), in one transaction. The users are listed in sandbox-api/README.md.
 */
export async function seed(app: FastifyInstance): Promise<boolean> {
  const [{ count }] = (await app.db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM users',
  )) as [{ count: string }];
  if (count !== '0') return false;
  await app.db.transaction(async (tx) => {
    await seedCms(tx);
    await seedUsers(tx, app);
    await seedLoans(tx, app);
    await seedRecords(tx, app);
    await seedNotifications(tx, app);
  });
  return true;
}

/**
 * Production mode refuses to run beside the seed users: their password is published in the
 * README, so each would be an account anyone can log in to.
 */
export async function assertNoSeedUsers(db: Queryable): Promise<void> {
  const numbers = SEED_USERS.map((user) => user.personal_number);
  const placeholders = numbers.map((_, index) => `$${index + 1}`).join(', ');
  const found = await db.query<{ personal_number: string }>(
    `SELECT personal_number FROM users WHERE personal_number IN (${placeholders})`,
    numbers,
  );
  if (found.length > 0) {
    throw new Error(
      `SANDBOX_MODE=production refuses a database with the seed users (${found
        .map((row) => row.personal_number)
        .join(', ')}): their password is published`,
    );
  }
}
