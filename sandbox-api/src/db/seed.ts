import type { FastifyInstance } from 'fastify';
import { seedCms } from './seed-cms';
import { seedLoans } from './seed-loans';
import { seedUsers } from './seed-users';

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
  });
  return true;
}
