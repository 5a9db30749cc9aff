import { build, type TestContext } from './build';
import { createUser } from './user-utils';

const PASSWORD_RULE = 'პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.';
const NO_ACCOUNT = {
  detail: 'მითითებული მონაცემებით აქტიური ანგარიში ვერ მოიძებნა.',
  code: 'no_active_account',
};

async function addTerms(ctx: TestContext, contactType: 1 | 2, publishedAt: string) {
  const [row] = await ctx.app.db.query<{ id: number }>(
    `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
     VALUES ($1, 'პირობები', '<p>ტექსტი</p>', '1', $2) RETURNING id`,
    [contactType, publishedAt],
  );
  if (!row) throw new Error('no terms');
  return row.id;
}

function registration(termsId: number, overrides: Record<string, unknown> = {}) {
  return {
    personal_number: '12345678901',
    first_name: 'თამარ',
    last_name: 'ჩხეიძე',
    birth_date: '2000-05-05',
    phone_number: '599123456',
    email: 'tamar@example.ge',
    password: 'Axali1234',
    password_confirm: 'Axali1234',
    terms_of_contract: termsId,
    ...overrides,
  };
}

function multipart(fields: Record<string, string>) {
  const boundary = '----sandbox-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('registration', () => {
  const ctx = build();

  it('registers from a multipart form and leaves the user logged out', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const fields = Object.fromEntries(
      Object.entries(registration(termsId)).map(([key, value]) => [key, String(value)]),
    );
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      ...multipart(fields),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number) });
    expect(response.json()).not.toHaveProperty('access');

    const login = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username: '12345678901', password: 'Axali1234' },
    });
    expect(login.statusCode).toBe(200);
    const [user] = await ctx().app.db.query<{
      email_verified: boolean;
      registration_terms_id: number;
    }>('SELECT email_verified, registration_terms_id FROM users');
    expect(user).toEqual({ email_verified: false, registration_terms_id: termsId });
  });

  it('registers from JSON too', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId),
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers every format rule in the DRF field shape, in Georgian', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: {
        personal_number: '123',
        first_name: ' ',
        birth_date: '2000-02-30',
        phone_number: '499123456',
        email: 'not-an-email',
        password: 'onlyletters',
        password_confirm: 'x',
        terms_of_contract: 'abc',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      personal_number: ['პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.'],
      first_name: ['ეს ველი სავალდებულოა.'],
      last_name: ['ეს ველი სავალდებულოა.'],
      birth_date: ['თარიღი უნდა იყოს ფორმატით YYYY-MM-DD.'],
      phone_number: ['ტელეფონის ნომერი უნდა შედგებოდეს 9 ციფრისგან და იწყებოდეს 5-ით.'],
      email: ['შეიყვანეთ სწორი ელ-ფოსტის მისამართი.'],
      password: [PASSWORD_RULE],
      terms_of_contract: ['მნიშვნელობის ტიპი არასწორია.'],
    });
  });

  it('applies the password rule at its edges', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    for (const [password, ok] of [
      ['Abcdef1', false],
      ['Abcdef12', true],
      ['12345678', false],
      ['ანბანი12', true],
      [`a1${'x'.repeat(126)}`, true],
      [`a1${'x'.repeat(127)}`, false],
    ] as const) {
      await ctx().app.db.exec('DELETE FROM users');
      const response = await ctx().call({
        method: 'POST',
        url: '/api/user/register/',
        payload: registration(termsId, { password, password_confirm: password }),
      });
      expect({ password, status: response.statusCode }).toEqual({
        password,
        status: ok ? 201 : 400,
      });
      if (!ok) expect(response.json()).toEqual({ password: [PASSWORD_RULE] });
    }
  });

  it('refuses unknown fields, files and huge values', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const unknown = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId, { is_banned: false }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ is_banned: ['უცნობი ველი.'] });

    const huge = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId, {
        first_name: 'ა'.repeat(101),
        email: `${'a'.repeat(300)}@x.ge`,
      }),
    });
    expect(huge.json()).toEqual({
      first_name: ['მნიშვნელობა ძალიან გრძელია.'],
      email: ['მნიშვნელობა ძალიან გრძელია.'],
    });

    const boundary = 'b';
    const withFile = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--b\r\nContent-Disposition: form-data; name="selfie"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n`,
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json()).toMatchObject({ selfie: ['უცნობი ველი.'] });
  });

  it('answers 400 parse_error to a broken form', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'მოთხოვნის ფორმა არასწორია.', code: 'parse_error' });
  });

  it('requires the person to be 18 on the clock’s date (Tbilisi time)', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    // The clock is 2026-11-22 10:00 in Tbilisi.
    const minor = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId, { birth_date: '2008-11-23' }),
    });
    expect(minor.statusCode).toBe(400);
    expect(minor.json()).toEqual({
      birth_date: ['რეგისტრაცია შესაძლებელია მხოლოდ 18 წლის ასაკიდან.'],
    });

    const future = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId, { birth_date: '2030-01-01' }),
    });
    expect(future.json()).toEqual({ birth_date: ['დაბადების თარიღი არასწორია.'] });

    // 21:00 UTC on the 21st is already the 22nd in Tbilisi: the 18th birthday has come.
    ctx().clock.set('2026-11-21T21:00:00Z');
    const adult = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId, { birth_date: '2008-11-22' }),
    });
    expect(adult.statusCode).toBe(201);
  });

  it('requires the current registration terms and matching passwords', async () => {
    const old = await addTerms(ctx(), 2, '2025-01-01T00:00:00Z');
    const current = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const loanTerms = await addTerms(ctx(), 1, '2026-06-01T00:00:00Z');
    for (const termsId of [old, loanTerms, 999]) {
      const response = await ctx().call({
        method: 'POST',
        url: '/api/user/register/',
        payload: registration(termsId),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        terms_of_contract: ['დაეთანხმეთ რეგისტრაციის მოქმედ პირობებს.'],
      });
    }
    const mismatch = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(current, { password_confirm: 'Sxva12345' }),
    });
    expect(mismatch.json()).toEqual({ password_confirm: ['პაროლები არ ემთხვევა.'] });
  });

  it('refuses a personal number that is already registered', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    await createUser(ctx, { personal_number: '12345678901' });
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration(termsId),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      personal_number: ['ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.'],
    });
  });
});

describe('login, refresh and logout', () => {
  const ctx = build({ loginAttempts: 3, loginWindowSeconds: 600 });

  const login = (username: string, password: string) =>
    ctx().call({ method: 'POST', url: '/api/user/api/token/', payload: { username, password } });

  it('logs in with the personal number and password', async () => {
    const user = await createUser(ctx);
    const response = await login(user.personal_number, user.password);
    expect(response.statusCode).toBe(200);
    const { access, refresh } = response.json<{ access: string; refresh: string }>();
    const details = await ctx().call({ url: '/api/user/details/', token: access });
    expect(details.statusCode).toBe(200);
    expect(refresh).toEqual(expect.any(String));
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await createUser(ctx);
    for (const [username, password] of [
      [user.personal_number, 'Wrong1234'],
      ['99999999999', 'Wrong1234'],
      ['not-a-number', 'Wrong1234'],
    ] as const) {
      const response = await login(username, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(NO_ACCOUNT);
    }
  });

  it('requires both fields and nothing else', async () => {
    const missing = await ctx().call({ method: 'POST', url: '/api/user/api/token/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      username: ['ეს ველი სავალდებულოა.'],
      password: ['ეს ველი სავალდებულოა.'],
    });
    const extra = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username: '01001000001', password: 'x', remember: true },
    });
    expect(extra.json()).toEqual({ remember: ['უცნობი ველი.'] });
  });

  it('throttles failed logins per username, with Retry-After', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(user.personal_number, 'Wrong1234')).statusCode).toBe(401);
      ctx().clock.advance(60);
    }
    // The right password does not help while throttled; another username is not affected.
    const blocked = await login(user.personal_number, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'ძალიან ბევრი მცდელობა. სცადეთ 420 წამში.',
      code: 'throttled',
    });
    expect(blocked.headers['retry-after']).toBe('420');
    expect((await login(other.personal_number, other.password)).statusCode).toBe(200);

    // Once the oldest failure leaves the window, one more try is allowed.
    ctx().clock.advance(420);
    expect((await login(user.personal_number, user.password)).statusCode).toBe(200);
    // A success clears the failures.
    expect((await login(user.personal_number, 'Wrong1234')).statusCode).toBe(401);
    expect((await login(user.personal_number, user.password)).statusCode).toBe(200);
  });

  it('tells a banned user with the right password that the account is banned', async () => {
    const user = await createUser(ctx, { is_banned: true });
    const wrong = await login(user.personal_number, 'Wrong1234');
    expect(wrong.json()).toEqual(NO_ACCOUNT);
    const right = await login(user.personal_number, user.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ detail: 'თქვენი ანგარიში დაბლოკილია.', code: 'banned_user' });
  });

  it('rotates the refresh token: the old one is refused afterwards', async () => {
    const user = await createUser(ctx);
    const first = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    expect(first.statusCode).toBe(200);
    const pair = first.json<{ access: string; refresh: string }>();
    expect(pair.refresh).not.toBe(user.refresh);
    expect((await ctx().call({ url: '/api/user/details/', token: pair.access })).statusCode).toBe(
      200,
    );

    const again = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'token_not_valid' });

    const next = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: pair.refresh },
    });
    expect(next.statusCode).toBe(200);
  });

  it('refuses an access token, a garbage token and an expired refresh token', async () => {
    const user = await createUser(ctx);
    for (const refresh of [user.access, 'garbage']) {
      const response = await ctx().call({
        method: 'POST',
        url: '/api/user/token/refresh/',
        payload: { refresh },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'token_not_valid' });
    }
    ctx().clock.advance(ctx().app.config.refreshTtlSeconds + 1);
    const expired = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    expect(expired.statusCode).toBe(401);
    const missing = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: {},
    });
    expect(missing.json()).toEqual({ refresh: ['ეს ველი სავალდებულოა.'] });
  });

  it('refuses to refresh for a user banned since login', async () => {
    const user = await createUser(ctx);
    await ctx().app.db.query('UPDATE users SET is_banned = true WHERE id = $1', [user.id]);
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'banned_user' });
  });

  it('logs out with the refresh token alone: 205, no body, the token blacklisted', async () => {
    const user = await createUser(ctx);
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      payload: { refresh: user.refresh },
    });
    expect(response.statusCode).toBe(205);
    expect(response.body).toBe('');

    const refresh = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const twice = await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      payload: { refresh: user.refresh },
    });
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('logs out even when the access token sent along has expired', async () => {
    const user = await createUser(ctx);
    ctx().clock.advance(ctx().app.config.accessTtlSeconds + 1);
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      token: user.access,
      payload: { refresh: user.refresh },
    });
    expect(response.statusCode).toBe(205);
    const garbage = await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      payload: { refresh: 'garbage' },
    });
    expect(garbage.statusCode).toBe(401);
    const missing = await ctx().call({ method: 'POST', url: '/api/user/logout/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['ეს ველი სავალდებულოა.'] });
  });

  it('refuses a login whose X-CSRFToken does not match the csrftoken cookie', async () => {
    const user = await createUser(ctx);
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      cookies: { csrftoken: 'cookie-value' },
      headers: { 'x-csrftoken': 'other-value' },
      payload: { refresh: user.refresh },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      code: 'csrf_failed',
    });
    const matching = await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      cookies: { csrftoken: 'cookie-value' },
      headers: { 'x-csrftoken': 'cookie-value' },
      payload: { refresh: user.refresh },
    });
    expect(matching.statusCode).toBe(205);
  });
});
