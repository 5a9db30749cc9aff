import { ON_DISK_TIMEOUT_MS, upgradedFrom, v11Loan } from './migration-utils';

describe('migration 008 on a live v1.2 database', { timeout: ON_DISK_TIMEOUT_MS }, () => {
  it('keeps its payments (with no order) and takes payment orders on its loans', async () => {
    await upgradedFrom(
      '008',
      'migration_008',
      async (db) => {
        await db.exec(`
          INSERT INTO terms_of_contract (id, contact_type, title, content, version, published_at) VALUES
            (1, 1, 'სესხის ხელშეკრულება', '<p>ხელშეკრულება</p>', '1.0', '2026-01-01T00:00:00Z');
          INSERT INTO users (id, personal_number, first_name, last_name, birth_date, phone_number, email,
                             password_hash, registration_terms_id, created_at) VALUES
            (1, '01001000001', 'ნინო', 'ბერიძე', '1990-01-01', '555000001', 'n@example.ge', 'x', 1,
             '2026-02-01T08:00:00Z')
        `);
        // 1000.00/3 issued 2026-10-22, its first row (346.75: 20.00 interest) paid as v1.2 records it.
        await v11Loan(
          db,
          { id: 1, userId: 1, amount: '1000.00', term: 3, issuedAt: '2026-10-22T06:00:00Z' },
          ['346.75'],
          [],
        );
        await db.exec(`
          INSERT INTO payments (loan_id, kind, amount, penalty, interest, principal, paid_at, number, receipt_number)
            VALUES (1, 'repayment', 346.75, 0, 20.00, 326.75, '2026-11-22T08:00:00Z', 1, 'R-1-1');
          SELECT setval('users_id_seq', 1); SELECT setval('loans_id_seq', 1);
          SELECT setval('loan_applications_id_seq', 1); SELECT setval('terms_of_contract_id_seq', 1)
        `);
      },
      async (app) => {
        const call = async (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
          app.inject({
            method,
            url,
            headers: {
              authorization: `JWT ${(await app.tokens.pair(1)).access}`,
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
      },
    );
  });
});
