import { SEED_PASSWORD } from '../src/db/seed-users';
import { build } from './build';
import { createUser } from './user-utils';

describe('the sandbox outbox in development mode', () => {
  const ctx = build({ mode: 'development', codeResendSeconds: 60 });

  it('lists the messages to one recipient, newest first', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await ctx().call({ method: 'POST', url: '/api/user/user/send_sms/', token: user.access });
    await ctx().call({ method: 'POST', url: '/api/user/user/send_sms/', token: other.access });
    ctx().clock.advance(60);
    await ctx().call({ method: 'POST', url: '/api/user/user/send_sms/', token: user.access });
    await ctx().call({
      method: 'POST',
      url: '/api/user/user/send_email_verification/',
      token: user.access,
    });

    const response = await ctx().call({ url: `/__sandbox/outbox?to=${user.phone_number}` });
    expect(response.statusCode).toBe(200);
    const messages = response.json<{ id: number; created_at: string }[]>();
    expect(messages).toEqual([
      {
        id: expect.any(Number),
        channel: 'sms',
        recipient: user.phone_number,
        body: expect.stringMatching(/\d{6}/),
        purpose: 'code',
        created_at: '2026-11-22T06:01:00.000Z',
      },
      {
        id: expect.any(Number),
        channel: 'sms',
        recipient: user.phone_number,
        body: expect.stringMatching(/\d{6}/),
        purpose: 'code',
        created_at: '2026-11-22T06:00:00.000Z',
      },
    ]);
    const email = await ctx().call({
      url: `/__sandbox/outbox?to=${encodeURIComponent(user.email)}`,
    });
    expect(email.json()).toEqual([
      expect.objectContaining({ channel: 'email', recipient: user.email }),
    ]);
    expect((await ctx().call({ url: '/__sandbox/outbox?to=nobody' })).json()).toEqual([]);
  });

  it('bans a user mid-session, so the next authorised call answers banned_user, and unbans', async () => {
    const user = await createUser(ctx);
    const ban = (banned: boolean) =>
      ctx().call({
        method: 'POST',
        url: `/__sandbox/users/${user.personal_number}/ban`,
        payload: { banned },
      });
    expect((await ban(true)).json()).toEqual({
      personal_number: user.personal_number,
      banned: true,
    });
    const refused = await ctx().call({ url: '/api/user/details/', token: user.access });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'banned_user' });

    await ban(false);
    const details = await ctx().call({ url: '/api/user/details/', token: user.access });
    expect(details.statusCode).toBe(200);
  });

  it('expires an access token now: it is refused as an expired one, and its refresh token still works', async () => {
    const user = await createUser(ctx);
    const expired = await ctx().call({
      method: 'POST',
      url: '/__sandbox/tokens/expire',
      payload: { access: user.access },
    });
    expect(expired.statusCode).toBe(204);
    const refused = await ctx().call({ url: '/api/user/details/', token: user.access });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'token_not_valid' });

    const refreshed = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    const { access } = refreshed.json<{ access: string }>();
    expect((await ctx().call({ url: '/api/user/details/', token: access })).statusCode).toBe(200);
    const garbage = await ctx().call({
      method: 'POST',
      url: '/__sandbox/tokens/expire',
      payload: { access: 'garbage' },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('answers 404 for banning someone who does not exist', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/__sandbox/users/09999999999/ban',
      payload: { banned: true },
    });
    expect(response.statusCode).toBe(404);
  });

  it('requires `to`', async () => {
    const response = await ctx().call({ url: '/__sandbox/outbox' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ to: ['ეს ველი სავალდებულოა.'] });
  });
});

describe('the sandbox outbox in production mode', () => {
  const ctx = build({ mode: 'production' });

  it('does not exist', async () => {
    const response = await ctx().call({ url: '/__sandbox/outbox?to=599000000' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
  });

  it('has no ban switch', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/__sandbox/users/01001000001/ban',
      payload: { banned: true },
    });
    expect(response.statusCode).toBe(404);
  });

  it('gives nobody a loan', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/__sandbox/users/01001000001/loans',
      payload: { amount: '1000.00', term: 6, days_ago: 3 },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers no complaint and decides no hardship request (v1.2)', async () => {
    const user = await createUser(ctx);
    const [loan] = await ctx().app.db.query<{ id: number }>(
      `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
       VALUES (1, 't', 'c', '1', now()) RETURNING id`,
    );
    const [application] = await ctx().app.db.query<{ id: number }>(
      `INSERT INTO loan_applications (user_id, amount, term, terms_of_contract_id, status, monthly_payment)
       VALUES ($1, 100, 3, $2, 'issued', 34) RETURNING id`,
      [user.id, loan?.id],
    );
    const [issued] = await ctx().app.db.query<{ id: number }>(
      `INSERT INTO loans (application_id, user_id, amount, term, annual_rate, monthly_payment, issued_at)
       VALUES ($1, $2, 100, 3, 24, 34, now()) RETURNING id`,
      [application?.id, user.id],
    );
    const complaint = await ctx().call({
      method: 'POST',
      url: '/api/support/complaints/',
      token: user.access,
      payload: { topic: 'other', text: 'საჩივრის ტექსტი, ოცზე მეტი სიმბოლო.' },
    });
    const request = await ctx().call({
      method: 'POST',
      url: `/api/loan/loan/${issued?.id}/hardship/`,
      token: user.access,
      payload: { kind: 'restructuring', reason: 'other' },
    });
    expect([complaint.statusCode, request.statusCode]).toEqual([201, 201]);
    const answer = await ctx().call({
      method: 'POST',
      url: `/__sandbox/complaints/${complaint.json().id}/answer`,
      payload: { answer: 'პასუხი' },
    });
    expect(answer.statusCode).toBe(404);
    const decision = await ctx().call({
      method: 'POST',
      url: `/__sandbox/hardship/${request.json().id}/decision`,
      payload: { status: 'accepted', answer: 'კი' },
    });
    expect(decision.statusCode).toBe(404);
  });

  it('cannot expire anyone’s token', async () => {
    const user = await createUser(ctx);
    const response = await ctx().call({
      method: 'POST',
      url: '/__sandbox/tokens/expire',
      payload: { access: user.access },
    });
    expect(response.statusCode).toBe(404);
    expect((await ctx().call({ url: '/api/user/details/', token: user.access })).statusCode).toBe(
      200,
    );
  });
});

describe('the seed users', () => {
  const ctx = build({}, { seed: true });

  const login = (username: string) =>
    ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username, password: SEED_PASSWORD },
    });

  const details = async (username: string) => {
    const { access } = (await login(username)).json<{ access: string }>();
    return (await ctx().call({ url: '/api/user/details/', token: access })).json();
  };

  it('has one user for each state, all with the sandbox password', async () => {
    expect(await details('01001000001')).toMatchObject({
      first_name: 'ნინო',
      last_name: 'ბერიძე',
      email: 'nino@example.ge',
      email_verified: true,
      phone_verified: true,
      photos_status: 'approved',
      full_verification: true,
    });
    expect(await details('01001000002')).toMatchObject({
      first_name: 'გიორგი',
      last_name: 'კაპანაძე',
      email_verified: false,
      phone_verified: false,
      photos_status: 'none',
      full_verification: false,
    });
    const banned = await login('01001000003');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({ code: 'banned_user' });
    expect(await details('01001000004')).toMatchObject({
      first_name: 'მარიამ',
      full_verification: true,
    });
    expect(await details('01001000005')).toMatchObject({
      first_name: 'ლევან',
      full_verification: true,
    });
    expect(await details('01001000006')).toMatchObject({
      first_name: 'ნათია',
      last_name: 'ბერიძე',
      full_verification: true,
    });
    expect(await details('01001000007')).toMatchObject({
      first_name: 'ეკატერინე',
      last_name: 'წიკლაური',
      email: 'eka@example.ge',
      full_verification: true,
    });
  });

  it('stores distinct phones, the risk flag and the newest registration terms', async () => {
    const users = await ctx().app.db.query<{
      personal_number: string;
      phone_number: string;
      risk_flag: boolean;
      registration_terms_id: number;
      personal_data_consent_id: number | null;
      consented: boolean;
    }>(
      `SELECT personal_number, phone_number, risk_flag, registration_terms_id, personal_data_consent_id,
              personal_data_consented_at IS NOT NULL AS consented
         FROM users ORDER BY id`,
    );
    expect(users.map((u) => u.personal_number)).toEqual([
      '01001000001',
      '01001000002',
      '01001000003',
      '01001000004',
      '01001000005',
      '01001000006',
      '01001000007',
    ]);
    expect(new Set(users.map((u) => u.phone_number)).size).toBe(7);
    for (const u of users) expect(u.phone_number).toMatch(/^5\d{8}$/);
    expect(users.filter((u) => u.risk_flag).map((u) => u.personal_number)).toEqual(['01001000005']);
    const [terms] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM terms_of_contract WHERE contact_type = 2 ORDER BY published_at DESC, id DESC LIMIT 1',
    );
    for (const u of users) expect(u.registration_terms_id).toBe(terms?.id ?? 0);
    // Every seed user accepted the current personal-data notice.
    const [notice] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM terms_of_contract WHERE contact_type = 3 ORDER BY published_at DESC, id DESC LIMIT 1',
    );
    expect(notice).toBeDefined();
    for (const u of users) {
      expect(u).toMatchObject({ personal_data_consent_id: notice?.id, consented: true });
    }
  });
});

describe('the sandbox loan helper in development mode', () => {
  // The seed brings the loan terms a given loan is contracted under. Seeded blocks come last:
  // on PostgreSQL the database is shared, and production mode refuses one with the seed users.
  const ctx = build({ mode: 'development' }, { seed: true });

  it('gives a user a loan in the state asked for: issued days ago, its first rows paid on time', async () => {
    const user = await createUser(ctx);
    const given = await ctx().call({
      method: 'POST',
      url: `/__sandbox/users/${user.personal_number}/loans`,
      payload: { amount: '1500.00', term: 6, days_ago: 95, paid_rows: 1 },
    });
    expect(given.statusCode, given.body).toBe(201);
    const loans = (await ctx().call({ url: '/api/loan/loan/', token: user.access })).json<
      { id: number; status: string; amount: string; schedule: { paid: boolean }[] }[]
    >();
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({ id: given.json<{ id: number }>().id, amount: '1500.00' });
    expect(loans[0]?.status).toBe('overdue');
    expect(loans[0]?.schedule.map((row) => row.paid)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    const overdue = await ctx().call({
      url: '/api/loan/overdue_loan_application/',
      token: user.access,
    });
    expect(overdue.json()).toMatchObject({ loan: loans[0]?.id });
  });

  it('gives a fresh loan inside its 14 days, and refuses what no loan could be', async () => {
    const user = await createUser(ctx);
    const url = `/__sandbox/users/${user.personal_number}/loans`;
    const fresh = await ctx().call({
      method: 'POST',
      url,
      payload: { amount: '1000.00', term: 6, days_ago: 3 },
    });
    expect(fresh.statusCode).toBe(201);
    const withdrawal = await ctx().call({
      url: `/api/loan/loan/${fresh.json<{ id: number }>().id}/withdrawal/`,
      token: user.access,
    });
    expect(withdrawal.json()).toMatchObject({ available: true });
    for (const payload of [
      { amount: '1000.00', term: 5, days_ago: 3 },
      { amount: '1000.00', term: 3, days_ago: 3, paid_rows: 4 },
      { amount: '1000', term: 3, days_ago: 3 },
    ]) {
      expect((await ctx().call({ method: 'POST', url, payload })).statusCode).toBe(400);
    }
    const nobody = await ctx().call({
      method: 'POST',
      url: '/__sandbox/users/09999999999/loans',
      payload: { amount: '1000.00', term: 6, days_ago: 3 },
    });
    expect(nobody.statusCode).toBe(404);
  });
});
