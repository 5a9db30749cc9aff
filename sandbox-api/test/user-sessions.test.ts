import { build } from './build';
import { createUser } from './user-utils';

const NO_ACCOUNT = {
  detail: 'მითითებული მონაცემებით აქტიური ანგარიში ვერ მოიძებნა.',
  code: 'no_active_account',
};

describe('login, refresh and logout', () => {
  const ctx = build({ loginAttempts: 3, loginAddressAttempts: 5, loginWindowSeconds: 600 });

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

  /** A login from one client address (the peer's: no proxy vouches for another). */
  const loginFrom = (address: string, username: string, password: string) =>
    ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      remoteAddress: address,
      payload: { username, password },
    });

  it('throttles failed logins per username and address, with Retry-After; other addresses get in', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    for (let i = 0; i < 3; i += 1) {
      expect((await loginFrom('203.0.113.7', user.personal_number, 'Wrong1234')).statusCode).toBe(
        401,
      );
      ctx().clock.advance(60);
    }
    // The right password does not help from that address while throttled…
    const blocked = await loginFrom('203.0.113.7', user.personal_number, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'ძალიან ბევრი მცდელობა. სცადეთ 420 წამში.',
      code: 'throttled',
    });
    expect(blocked.headers['retry-after']).toBe('420');
    // …but the customer, from their own address, is not locked out by someone else's guesses;
    // another username is not affected either.
    expect((await loginFrom('198.51.100.2', user.personal_number, user.password)).statusCode).toBe(
      200,
    );
    expect((await loginFrom('203.0.113.7', other.personal_number, other.password)).statusCode).toBe(
      200,
    );

    // Once the oldest failure leaves the window, one more try is allowed from there too.
    ctx().clock.advance(420);
    expect((await loginFrom('203.0.113.7', user.personal_number, user.password)).statusCode).toBe(
      200,
    );
    // A success clears that address's failures.
    expect((await loginFrom('203.0.113.7', user.personal_number, 'Wrong1234')).statusCode).toBe(
      401,
    );
    expect((await loginFrom('203.0.113.7', user.personal_number, user.password)).statusCode).toBe(
      200,
    );
  });

  it('counts parallel guesses one by one: no more than the limit get a password check', async () => {
    const user = await createUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => login(user.personal_number, 'Wrong1234')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('limits guesses per address too, across usernames, and not other addresses', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(ctx)));
    // Two guesses each for three people: under the per-pair limit, over the address's 5.
    const statuses: number[] = [];
    for (const user of users) {
      for (let i = 0; i < 2; i += 1) {
        statuses.push(
          (await loginFrom('203.0.113.7', user.personal_number, 'Wrong1234')).statusCode,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const [first] = users;
    if (!first) throw new Error('no user');
    expect((await loginFrom('203.0.113.7', first.personal_number, first.password)).statusCode).toBe(
      429,
    );
    expect(
      (await loginFrom('198.51.100.2', first.personal_number, first.password)).statusCode,
    ).toBe(200);
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
