import { migrate } from '../src/db/migrate';
import { applyMigrationsBefore, databaseBefore, ON_DISK_TIMEOUT_MS } from './migration-utils';

describe('migration 006 on a database in use', { timeout: ON_DISK_TIMEOUT_MS }, () => {
  it('moves it forward: repaid loans close at their last payment, open ones stay open', async () => {
    // A database as it stood before v1.1.
    const { db, drop } = await databaseBefore('006', 'migration_006');
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
      expect(await applyMigrationsBefore(db, '007')).toEqual(['006_consent_withdrawal_payoff.sql']);
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
      expect(await migrate(db)).not.toContain('006_consent_withdrawal_payoff.sql');
    } finally {
      await db.close();
      await drop();
    }
  });
});
