import { ON_DISK_TIMEOUT_MS, upgradedFrom, v11Loan } from './migration-utils';

describe('migration 009 on a live v1.3 database', { timeout: ON_DISK_TIMEOUT_MS }, () => {
  it('keeps the outbox (its messages were codes), starts empty feeds with the defaults, and tells of what follows', async () => {
    await upgradedFrom(
      '009',
      'migration_009',
      async (db) => {
        await db.exec(`
          INSERT INTO terms_of_contract (id, contact_type, title, content, version, published_at) VALUES
            (1, 1, 'სესხის ხელშეკრულება', '<p>ხელშეკრულება</p>', '1.0', '2026-01-01T00:00:00Z');
          INSERT INTO users (id, personal_number, first_name, last_name, birth_date, phone_number, email,
                             password_hash, registration_terms_id, created_at, phone_verified, email_verified) VALUES
            (1, '01001000001', 'ნინო', 'ბერიძე', '1990-01-01', '555000001', 'n@example.ge', 'x', 1,
             '2026-02-01T08:00:00Z', true, true);
          INSERT INTO outbox (channel, recipient, body, created_at)
            VALUES ('sms', '555000001', '123456 — დადასტურების კოდი', '2026-11-20T08:00:00Z')
        `);
        // 1000.00/3 issued 2026-10-22, nothing paid yet.
        await v11Loan(
          db,
          { id: 1, userId: 1, amount: '1000.00', term: 3, issuedAt: '2026-10-22T06:00:00Z' },
          [],
          [],
        );
        await db.exec(`
          SELECT setval('users_id_seq', 1); SELECT setval('loans_id_seq', 1);
          SELECT setval('loan_applications_id_seq', 1); SELECT setval('terms_of_contract_id_seq', 1)
        `);
      },
      async (app) => {
        const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { authorization: `JWT ${(await app.tokens.pair(1)).access}` },
            ...(payload ? { payload } : {}),
          });
        expect((await call('GET', '/__sandbox/outbox?to=555000001')).json()).toEqual([
          expect.objectContaining({ purpose: 'code', body: '123456 — დადასტურების კოდი' }),
        ]);
        expect((await call('GET', '/api/user/notifications/')).json()).toEqual({
          results: [],
          has_more: false,
        });
        expect((await call('GET', '/api/user/notification_preferences/')).json()).toMatchObject({
          reminder_days: 3,
        });
        // The clock is TEST_START (2026-11-22, 10:00 in Tbilisi).
        expect(
          (await call('POST', '/api/loan/loan/1/repay/', { amount: '10.00' })).statusCode,
        ).toBe(200);
        expect((await call('GET', '/api/user/notifications/')).json()).toMatchObject({
          results: [{ kind: 'payment_received', loan: 1, amount: '10.00', date: '2026-11-22' }],
        });
        expect(
          (await call('GET', '/__sandbox/outbox?to=555000001&purpose=notification')).json(),
        ).toHaveLength(1);
      },
    );
  });
});
