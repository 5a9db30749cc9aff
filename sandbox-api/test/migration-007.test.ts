import { ON_DISK_TIMEOUT_MS, upgradedFrom, v11Loan } from './migration-utils';

describe('migration 007 on a live v1.1 database', { timeout: ON_DISK_TIMEOUT_MS }, () => {
  it('keeps it answering: old payments get splits and receipts, old customers get their consents', async () => {
    await upgradedFrom(
      '007',
      'migration_007',
      async (db) => {
        await db.exec(`
        INSERT INTO terms_of_contract (id, contact_type, title, content, version, published_at) VALUES
          (1, 1, 'სესხის ხელშეკრულება', '<p>ხელშეკრულება</p>', '1.0', '2026-01-01T00:00:00Z'),
          (2, 2, 'რეგისტრაციის წესები', '<p>წესები</p>', '1.0', '2026-01-01T00:00:00Z'),
          (3, 3, 'პერსონალური მონაცემები', '<p>თანხმობა</p>', '1.1', '2026-06-01T00:00:00Z');
        INSERT INTO users (id, personal_number, first_name, last_name, birth_date, phone_number, email,
                           password_hash, registration_terms_id, created_at) VALUES
          (1, '01001000001', 'ნინო', 'ბერიძე', '1990-01-01', '555000001', 'n@example.ge', 'x', 2,
           '2026-02-01T08:00:00Z');
        INSERT INTO users (id, personal_number, first_name, last_name, birth_date, phone_number, email,
                           password_hash, registration_terms_id, personal_data_consent_id,
                           personal_data_consented_at, created_at) VALUES
          (2, '01001000002', 'ანა', 'მაისურაძე', '1991-01-01', '555000002', 'a@example.ge', 'x', 2, 3,
           '2026-07-01T08:00:00Z', '2026-07-01T08:00:00Z')
      `);
        // Loan 1: nothing paid yet. Loan 2: its first row paid on time, then 100.00 ahead.
        // Loan 3: 50.00 repaid, then withdrawn, v1.1 recording the return as a payment.
        await v11Loan(
          db,
          { id: 1, userId: 1, amount: '1000.00', term: 3, issuedAt: '2026-10-01T06:00:00Z' },
          [],
          [],
        );
        await v11Loan(
          db,
          { id: 2, userId: 1, amount: '1000.00', term: 3, issuedAt: '2026-09-01T06:00:00Z' },
          ['346.75', '100.00'],
          [
            ['346.75', '2026-10-01T08:00:00Z'],
            ['100.00', '2026-10-15T08:00:00Z'],
          ],
        );
        await v11Loan(
          db,
          { id: 3, userId: 2, amount: '1000.00', term: 3, issuedAt: '2026-11-10T06:00:00Z' },
          ['50.00'],
          [
            ['50.00', '2026-11-12T08:00:00Z'],
            ['933.22', '2026-11-15T08:00:00Z'],
          ],
        );
        await db.exec(`
        UPDATE loans SET closed_at = '2026-11-15T08:00:00Z', closed_as = 'withdrawn' WHERE id = 3;
        SELECT setval('users_id_seq', 2); SELECT setval('loans_id_seq', 3);
        SELECT setval('loan_applications_id_seq', 3); SELECT setval('terms_of_contract_id_seq', 3)
      `);
      },
      async (app) => {
        const migrated = await app.db.query<{ name: string }>(
          `SELECT name FROM schema_migrations WHERE name = '007_records_and_voice.sql'`,
        );
        expect(migrated).toHaveLength(1);
        const server = app;
        const call = async (userId: number, url: string, payload?: Record<string, unknown>) =>
          server.inject({
            method: payload ? 'POST' : 'GET',
            url,
            headers: { authorization: `JWT ${(await server.tokens.pair(userId)).access}` },
            ...(payload ? { payload } : {}),
          });

        expect((await call(1, '/api/loan/loan/1/payments/')).json()).toEqual([]);
        expect((await call(1, '/api/loan/loan/2/payments/')).json()).toEqual([
          {
            id: expect.any(Number),
            loan: 2,
            kind: 'repayment',
            amount: '346.75',
            penalty: '0.00',
            interest: '20.00',
            principal: '326.75',
            paid_at: '2026-10-01T08:00:00.000Z',
            receipt_number: 'R-2-1',
            order: null,
          },
          {
            id: expect.any(Number),
            loan: 2,
            kind: 'repayment',
            amount: '100.00',
            penalty: '0.00',
            interest: '13.47',
            principal: '86.53',
            paid_at: '2026-10-15T08:00:00.000Z',
            receipt_number: 'R-2-2',
            order: null,
          },
        ]);
        // The withdrawal's return is not a payment any more; the quote still counts it as paid.
        const withdrawn = await call(2, '/api/loan/loan/3/payments/');
        expect(withdrawn.json().map((p: { amount: string }) => p.amount)).toEqual(['50.00']);
        expect((await call(2, '/api/loan/loan/3/withdrawal/')).json()).toMatchObject({
          available: false,
          // 980.00 + 980.00 × 24% × 12 / 365 (7.73) − 983.22
          amount_to_return: '4.51',
        });

        expect((await call(1, '/api/user/consents/')).json()).toEqual([
          {
            kind: 'terms',
            document: null,
            given: true,
            given_at: '2026-02-01T08:00:00.000Z',
            withdrawn_at: null,
          },
          {
            kind: 'personal_data',
            document: null,
            given: true,
            given_at: null,
            withdrawn_at: null,
          },
          { kind: 'marketing', document: null, given: false, given_at: null, withdrawn_at: null },
        ]);
        expect((await call(2, '/api/user/consents/')).json()).toEqual([
          {
            kind: 'terms',
            document: { id: 2, title: 'რეგისტრაციის წესები', version: '1.0' },
            given: true,
            given_at: '2026-07-01T08:00:00.000Z',
            withdrawn_at: null,
          },
          {
            kind: 'personal_data',
            document: { id: 3, title: 'პერსონალური მონაცემები', version: '1.1' },
            given: true,
            given_at: '2026-07-01T08:00:00.000Z',
            withdrawn_at: null,
          },
          { kind: 'marketing', document: null, given: false, given_at: null, withdrawn_at: null },
        ]);

        // An application from before v1.2 kept no key terms: the calculator's are the offer's.
        const offer = (
          await app.inject({ url: '/api/loan/calculator?amount=1000.00&term=3' })
        ).json();
        expect((await call(1, '/api/loan/loan/1/contract/')).json()).toEqual({
          loan: 1,
          terms: {
            id: 1,
            title: 'სესხის ხელშეკრულება',
            version: '1.0',
            published_at: '2026-01-01T00:00:00.000Z',
            content: '<p>ხელშეკრულება</p>',
          },
          accepted_at: '2026-10-01T04:00:00.000Z',
          key_terms: {
            amount: '1000.00',
            term: 3,
            monthly_payment: offer.monthly_payment,
            total_payment: offer.total_payment,
            total_interest: offer.total_interest,
            service_fee: offer.service_fee,
            interest_rate: '24.00',
            effective_interest_rate: offer.effective_interest_rate,
          },
        });

        // New payments number on from the old ones.
        expect((await call(1, '/api/loan/loan/2/repay/', { amount: '10.00' })).statusCode).toBe(
          200,
        );
        expect((await call(1, '/api/loan/loan/1/repay/', { amount: '10.00' })).statusCode).toBe(
          200,
        );
        const [first] = (await call(1, '/api/loan/loan/1/payments/')).json();
        expect(first).toMatchObject({ receipt_number: 'R-1-1', amount: '10.00' });
        const numbers = (await call(1, '/api/loan/loan/2/payments/'))
          .json()
          .map((p: { receipt_number: string }) => p.receipt_number);
        expect(numbers).toEqual(['R-2-1', 'R-2-2', 'R-2-3']);
        // Overdue since 2026-11-01 (row 1 of loan 1 is 346.75, 10.00 of it went to the penalty).
        expect((await call(1, '/api/loan/overdue_loan_application/')).json()).toMatchObject({
          loan: 1,
          penalty_rate: '0.10',
        });

        const complaint = await call(1, '/api/support/complaints/', {
          topic: 'loan',
          loan: 2,
          text: 'გთხოვთ, გამომიგზავნოთ ხელშეკრულების ასლი.',
        });
        expect(complaint.statusCode).toBe(201);
        const hardship = await call(1, '/api/loan/loan/1/hardship/', {
          kind: 'payment_holiday',
          reason: 'other',
        });
        expect(hardship.statusCode).toBe(201);
        const marketing = await call(1, '/api/user/consents/marketing/', { given: true });
        expect(marketing.json()).toMatchObject({ given: true });
      },
    );
  });
});
