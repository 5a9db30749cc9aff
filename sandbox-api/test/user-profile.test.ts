import { build } from './build';
import { createUser } from './user-utils';

describe('the user’s own data', () => {
  const ctx = build();

  it('shows the user in the contract’s shape', async () => {
    const user = await createUser(ctx, {
      personal_number: '01001012345',
      first_name: 'ნინო',
      last_name: 'ბერიძე',
      birth_date: '1990-03-14',
      phone_number: '599111222',
      email: 'nino@example.ge',
    });
    const response = await ctx().call({ url: '/api/user/details/', token: user.access });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      personal_number: '01001012345',
      first_name: 'ნინო',
      last_name: 'ბერიძე',
      birth_date: '1990-03-14',
      email: 'nino@example.ge',
      email_verified: false,
      phone_number: '599111222',
      phone_verified: false,
      photos_status: 'none',
      full_verification: false,
      last_loan_application_status: null,
    });
  });

  it('is fully verified with both contacts and approved photos, and shows the last application', async () => {
    const user = await createUser(ctx, { fully_verified: true });
    const [terms] = await ctx().app.db.query<{ id: number }>(
      `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
       VALUES (1, 't', 'c', '1', '2026-01-01T00:00:00Z') RETURNING id`,
    );
    await ctx().app.db.query(
      `INSERT INTO loan_applications (user_id, amount, term, terms_of_contract_id, status, monthly_payment, created_at)
       VALUES ($1, 1000, 3, $2, 'rejected', 350, '2026-10-01T00:00:00Z'),
              ($1, 1000, 3, $2, 'canceled', 350, '2026-11-01T00:00:00Z')`,
      [user.id, terms?.id],
    );
    const response = await ctx().call({ url: '/api/user/details/', token: user.access });
    expect(response.json()).toMatchObject({
      email_verified: true,
      phone_verified: true,
      photos_status: 'approved',
      full_verification: true,
      last_loan_application_status: 'canceled',
    });
  });

  it('answers 401 without a token, with a bad token and with an expired one', async () => {
    const user = await createUser(ctx);
    const none = await ctx().call({ url: '/api/user/details/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'not_authenticated' });
    const refreshAsAccess = await ctx().call({ url: '/api/user/details/', token: user.refresh });
    expect(refreshAsAccess.json()).toMatchObject({ code: 'token_not_valid' });

    ctx().clock.advance(ctx().app.config.accessTtlSeconds - 1);
    expect((await ctx().call({ url: '/api/user/details/', token: user.access })).statusCode).toBe(
      200,
    );
    ctx().clock.advance(2);
    const expired = await ctx().call({ url: '/api/user/details/', token: user.access });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      detail: 'ტოკენი არავალიდურია ან ვადაგასულია.',
      code: 'token_not_valid',
    });
  });

  it('answers 401 without a login and 403 banned_user to a banned user on every authorised call', async () => {
    const user = await createUser(ctx, { is_banned: true });
    const calls = [
      { method: 'GET', url: '/api/user/details/' },
      { method: 'GET', url: '/api/user/user/loan_limit/' },
      { method: 'PATCH', url: `/api/user/user/${user.id}/`, payload: { first_name: 'x' } },
      {
        method: 'POST',
        url: '/api/user/user/change_password/',
        payload: { old_password: user.password, new_password: 'Axali1234' },
      },
      { method: 'POST', url: '/api/user/user/send_sms/', payload: {} },
      { method: 'POST', url: '/api/user/user/send_email_verification/', payload: {} },
      { method: 'POST', url: '/api/user/user/verify_email/', payload: { code: '123456' } },
      { method: 'POST', url: '/api/user/user/activate_phone_number/', payload: { code: '123456' } },
    ] as const;
    for (const call of calls) {
      const anonymous = await ctx().call(call);
      expect({ url: call.url, status: anonymous.statusCode }).toEqual({
        url: call.url,
        status: 401,
      });
      expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
      const response = await ctx().call({ ...call, token: user.access });
      expect({ url: call.url, status: response.statusCode, body: response.json() }).toEqual({
        url: call.url,
        status: 403,
        body: { detail: 'თქვენი ანგარიში დაბლოკილია.', code: 'banned_user' },
      });
    }
  });

  it('updates names and e-mail; a changed e-mail becomes unverified', async () => {
    const user = await createUser(ctx, { email_verified: true, email: 'old@example.ge' });
    const names = await ctx().call({
      method: 'PATCH',
      url: `/api/user/user/${user.id}/`,
      token: user.access,
      payload: { first_name: '  ეკა ', last_name: 'ცინცაძე', email: 'old@example.ge' },
    });
    expect(names.statusCode).toBe(200);
    expect(names.json()).toMatchObject({
      first_name: 'ეკა',
      last_name: 'ცინცაძე',
      email: 'old@example.ge',
      email_verified: true,
    });

    const email = await ctx().call({
      method: 'PATCH',
      url: `/api/user/user/${user.id}/`,
      token: user.access,
      payload: { email: 'new@example.ge' },
    });
    expect(email.json()).toMatchObject({
      first_name: 'ეკა',
      email: 'new@example.ge',
      email_verified: false,
    });

    const nothing = await ctx().call({
      method: 'PATCH',
      url: `/api/user/user/${user.id}/`,
      token: user.access,
      payload: {},
    });
    expect(nothing.statusCode).toBe(200);
  });

  it('kills an e-mail code sent to the old address when the address changes', async () => {
    const user = await createUser(ctx);
    await ctx().call({
      method: 'POST',
      url: '/api/user/user/send_email_verification/',
      token: user.access,
    });
    const [row] = await ctx().app.db.query<{ body: string }>('SELECT body FROM outbox');
    const code = row?.body.match(/\d{6}/)?.[0];
    await ctx().call({
      method: 'PATCH',
      url: `/api/user/user/${user.id}/`,
      token: user.access,
      payload: { email: 'other@example.ge' },
    });
    const verify = await ctx().call({
      method: 'POST',
      url: '/api/user/user/verify_email/',
      token: user.access,
      payload: { code },
    });
    expect(verify.statusCode).toBe(400);
  });

  it('finds only the caller: any other id is not found', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    for (const id of [String(other.id), '999', 'abc', 'change_password']) {
      const response = await ctx().call({
        method: 'PATCH',
        url: `/api/user/user/${id}/`,
        token: user.access,
        payload: { first_name: 'x' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
    }
    const [row] = await ctx().app.db.query<{ first_name: string }>(
      'SELECT first_name FROM users WHERE id = $1',
      [other.id],
    );
    expect(row?.first_name).toBe('ანა');
  });

  it('validates the update and refuses fields that cannot change', async () => {
    const user = await createUser(ctx);
    const response = await ctx().call({
      method: 'PATCH',
      url: `/api/user/user/${user.id}/`,
      token: user.access,
      payload: { email: 'bad', first_name: '', phone_number: '599000000', email_verified: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['შეიყვანეთ სწორი ელ-ფოსტის მისამართი.'],
      first_name: ['ეს ველი სავალდებულოა.'],
      phone_number: ['უცნობი ველი.'],
      email_verified: ['უცნობი ველი.'],
    });
  });

  it('changes the password when the old one is right', async () => {
    const user = await createUser(ctx);
    const wrong = await ctx().call({
      method: 'POST',
      url: '/api/user/user/change_password/',
      token: user.access,
      payload: { old_password: 'Wrong1234', new_password: 'Axali1234' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: ['მიმდინარე პაროლი არასწორია.'] });

    const weak = await ctx().call({
      method: 'POST',
      url: '/api/user/user/change_password/',
      token: user.access,
      payload: { old_password: user.password, new_password: 'short' },
    });
    expect(weak.json()).toEqual({
      new_password: ['პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.'],
    });

    const ok = await ctx().call({
      method: 'POST',
      url: '/api/user/user/change_password/',
      token: user.access,
      payload: { old_password: user.password, new_password: 'Axali1234' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    const login = (password: string) =>
      ctx().call({
        method: 'POST',
        url: '/api/user/api/token/',
        payload: { username: user.personal_number, password },
      });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('Axali1234')).statusCode).toBe(200);
  });

  it('ends every other session when the password changes; this one carries on', async () => {
    const user = await createUser(ctx);
    const other = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username: user.personal_number, password: user.password },
    });
    const otherSession = other.json<{ access: string; refresh: string }>();
    const changed = await ctx().call({
      method: 'POST',
      url: '/api/user/user/change_password/',
      token: user.access,
      payload: { old_password: user.password, new_password: 'Axali1234' },
    });
    expect(changed.statusCode).toBe(200);
    const refresh = (token: string) =>
      ctx().call({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: token } });
    expect((await refresh(otherSession.refresh)).statusCode).toBe(401);
    expect((await refresh(user.refresh)).statusCode).toBe(200);
  });

  it('limits guesses of the old password like logins', async () => {
    const user = await createUser(ctx);
    const change = (oldPassword: string) =>
      ctx().call({
        method: 'POST',
        url: '/api/user/user/change_password/',
        token: user.access,
        payload: { old_password: oldPassword, new_password: 'Axali1234' },
      });
    for (let i = 0; i < ctx().app.config.loginAttempts; i += 1) {
      expect((await change('Wrong1234')).statusCode).toBe(400);
    }
    const blocked = await change(user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'throttled' });
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
  });

  it('gives the small fixed-term limit until full verification, then the full one', async () => {
    const plain = await createUser(ctx, { email_verified: true, phone_verified: true });
    const small = await ctx().call({ url: '/api/user/user/loan_limit/', token: plain.access });
    expect(small.statusCode).toBe(200);
    expect(small.json()).toEqual({ amount_limit: '500.00', term_limit: [3] });

    const verified = await createUser(ctx, { fully_verified: true });
    const full = await ctx().call({ url: '/api/user/user/loan_limit/', token: verified.access });
    expect(full.json()).toEqual({ amount_limit: '5000.00', term_limit: [3, 6, 12, 24] });

    expect((await ctx().call({ url: '/api/user/user/loan_limit/' })).statusCode).toBe(401);
  });

  it('refuses a change of password whose X-CSRFToken does not match the cookie', async () => {
    const user = await createUser(ctx);
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/user/change_password/',
      token: user.access,
      cookies: { csrftoken: 'right' },
      headers: { 'x-csrftoken': 'wrong' },
      payload: { old_password: user.password, new_password: 'Axali1234' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_failed' });
  });
});
