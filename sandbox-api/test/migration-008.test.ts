import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { planLoan } from '../src/lib/calculator';
import { fromTetri, toTetri } from '../src/lib/money';
import { TestClock } from './build';
import { databaseBefore } from './migration-utils';

describe('migration 008 on a live v1.2 database', () => {
  it('keeps its payments (with no order) and takes payment orders on its loans', async () => {
    const old = await databaseBefore('008', 'migration_008');
    let app: FastifyInstance | undefined;
    let open = true;
    try {
      const { db } = old;
      const plan = planLoan(toTetri('1000.00'), 3, '2026-10-22');
      const [row1] = plan.schedule;
      if (!row1) throw new Error('no schedule');
      await db.exec(`
        INSERT INTO terms_of_contract (id, contact_type, title, content, version, published_at) VALUES
          (1, 1, 'სესხის ხელშეკრულება', '<p>ხელშეკრულება</p>', '1.0', '2026-01-01T00:00:00Z');
        INSERT INTO users (id, personal_number, first_name, last_name, birth_date, phone_number, email,
                           password_hash, registration_terms_id, created_at) VALUES
          (1, '01001000001', 'ნინო', 'ბერიძე', '1990-01-01', '555000001', 'n@example.ge', 'x', 1,
           '2026-02-01T08:00:00Z');
        INSERT INTO loan_applications (id, user_id, amount, term, terms_of_contract_id, status,
                                       monthly_payment, created_at, decided_at) VALUES
          (1, 1, 1000.00, 3, 1, 'issued', ${fromTetri(plan.monthlyPayment)},
           '2026-10-22T04:00:00Z', '2026-10-22T05:00:00Z');
        INSERT INTO loans (id, application_id, user_id, amount, term, annual_rate, monthly_payment, issued_at)
          VALUES (1, 1, 1, 1000.00, 3, 24, ${fromTetri(plan.monthlyPayment)}, '2026-10-22T06:00:00Z');
        SELECT setval('users_id_seq', 1); SELECT setval('loans_id_seq', 1);
        SELECT setval('loan_applications_id_seq', 1); SELECT setval('terms_of_contract_id_seq', 1)
      `);
      for (const row of plan.schedule) {
        await db.query(
          `INSERT INTO loan_schedule (loan_id, number, date, principal, interest, payment, balance, paid_amount)
           VALUES (1, $1, $2, $3, $4, $5, $6, $7)`,
          [
            row.number,
            row.date,
            fromTetri(row.principal),
            fromTetri(row.interest),
            fromTetri(row.payment),
            fromTetri(row.balance),
            row.number === 1 ? fromTetri(row.payment) : '0',
          ],
        );
      }
      await db.query(
        `INSERT INTO payments (loan_id, kind, amount, penalty, interest, principal, paid_at, number, receipt_number)
         VALUES (1, 'repayment', $1, 0, $2, $3, '2026-11-22T08:00:00Z', 1, 'R-1-1')`,
        [fromTetri(row1.payment), fromTetri(row1.interest), fromTetri(row1.principal)],
      );
      await db.close();
      open = false;

      const clock = new TestClock();
      app = await buildApp({ config: testConfig(old.config), clock });
      const server = app;
      const call = async (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
        server.inject({
          method,
          url,
          headers: {
            authorization: `JWT ${(await server.tokens.pair(1)).access}`,
            ...(key ? { 'idempotency-key': key } : {}),
          },
          ...(payload ? { payload } : {}),
        });

      expect((await call('GET', '/api/loan/loan/1/payments/')).json()).toEqual([
        expect.objectContaining({ receipt_number: 'R-1-1', kind: 'repayment', order: null }),
      ]);
      expect((await call('GET', '/api/loan/payment_orders/')).json()).toEqual([]);
      expect((await call('GET', '/api/user/cards/')).json()).toEqual([]);
      expect((await call('GET', '/api/loan/loan/1/autopay/')).json()).toMatchObject({
        card: null,
        next_charge: { date: '2026-12-22' },
      });
      const order = await call(
        'POST',
        '/api/loan/loan/1/payment_orders/',
        {
          purpose: 'repayment',
          amount: '10.00',
          card: null,
          save_card: false,
          return_url: 'http://localhost:3000/loans',
        },
        'after-upgrade',
      );
      expect(order.statusCode).toBe(201);
      // An automatic charge's payment kind is allowed by the migrated table.
      await app.db.query(
        `INSERT INTO payments (loan_id, kind, amount, penalty, interest, principal, paid_at, number, receipt_number)
         VALUES (1, 'autopay', 1.00, 0, 1.00, 0, '2026-11-22T09:00:00Z', 2, 'R-1-2')`,
      );
    } finally {
      if (open) await old.db.close();
      await app?.close();
      await old.drop();
    }
  });
});
