import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

const MIGRATIONS = new URL('../src/db/migrations/', import.meta.url);
const SCHEMA = `migration_006_${process.pid}`;

/** A database as it stood before v1.1: migrations up to 005 applied the way migrate() does. */
async function databaseBefore006(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.SANDBOX_TEST_DATABASE_URL;
  let db: Database;
  let drop = async () => {};
  if (url) {
    // PostgreSQL runs share one database: this test works in a schema of its own.
    const admin = await openPostgres(url);
    await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
    const separator = url.includes('?') ? '&' : '?';
    db = await openPostgres(`${url}${separator}options=-c%20search_path%3D${SCHEMA}`);
    drop = async () => {
      await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await admin.close();
    };
  } else {
    db = await openPglite('memory://');
  }
  await db.exec(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql') && file < '006')
    .sort();
  for (const file of files) {
    const sql = readFileSync(new URL(file, MIGRATIONS), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
  }
  return { db, drop };
}

describe('migration 006 on a database in use', () => {
  it('moves it forward: repaid loans close at their last payment, open ones stay open', async () => {
    const { db, drop } = await databaseBefore006();
    try {
      await db.exec(`
        INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
          VALUES (1, 'ხელშეკრულება', '<p>ტექსტი</p>', '1', '2026-01-01T00:00:00Z');
        INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email,
                           password_hash, registration_terms_id)
          VALUES ('01001000001', 'ნინო', 'ბერიძე', '1990-01-01', '555000001', 'n@example.ge', 'x', 1);
        INSERT INTO loan_applications (user_id, amount, term, terms_of_contract_id, status, monthly_payment)
          VALUES (1, 100, 1, 1, 'issued', 102), (1, 100, 1, 1, 'issued', 102);
        INSERT INTO loans (application_id, user_id, amount, term, annual_rate, monthly_payment, issued_at)
          VALUES (1, 1, 100, 1, 24, 102, '2026-01-01T06:00:00Z'), (2, 1, 100, 1, 24, 102, '2026-11-01T06:00:00Z');
        INSERT INTO loan_schedule (loan_id, number, date, principal, interest, payment, balance, paid_amount)
          VALUES (1, 1, '2026-02-01', 100, 2, 102, 0, 102), (2, 1, '2026-12-01', 100, 2, 102, 0, 50);
        INSERT INTO payments (loan_id, amount, paid_at)
          VALUES (1, 60, '2026-01-20T08:00:00Z'), (1, 42, '2026-02-01T08:00:00Z'), (2, 50, '2026-11-10T08:00:00Z')
      `);
      expect(await migrate(db)).toEqual(['006_consent_withdrawal_payoff.sql']);
      const loans = await db.query<{
        id: number;
        closed_as: string | null;
        closed_at: string | null;
        penalty_carried: string;
      }>(
        `SELECT id, closed_as, to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS closed_at,
                penalty_carried::text AS penalty_carried
           FROM loans ORDER BY id`,
      );
      expect(loans).toEqual([
        { id: 1, closed_as: 'repaid', closed_at: '2026-02-01T08:00', penalty_carried: '0.00' },
        { id: 2, closed_as: null, closed_at: null, penalty_carried: '0.00' },
      ]);
      // The notice type is now allowed; users keep working without a consent on record.
      await db.exec(`INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
        VALUES (3, 'თანხმობა', '<p>ტექსტი</p>', '1', '2026-11-01T00:00:00Z')`);
      const [user] = await db.query('SELECT personal_data_consent_id FROM users');
      expect(user).toEqual({ personal_data_consent_id: null });
      await expect(db.exec(`UPDATE loans SET closed_as = 'repaid' WHERE id = 2`)).rejects.toThrow();
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
