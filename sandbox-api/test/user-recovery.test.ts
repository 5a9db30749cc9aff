import { hashPassword } from '../src/lib/passwords';
import { build } from './build';
import { createUser, lastCode } from './user-utils';

// Counted, not replaced: a wrong code must not cost the sandbox a password hash.
vi.mock('../src/lib/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/lib/passwords')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

const INVALID = { code: ['კოდი არასწორია ან ვადაგასულია.'] };

describe('password recovery', () => {
  const ctx = build({ codeResendSeconds: 60 });

  const reset = (username: unknown) =>
    ctx().call({ method: 'POST', url: '/api/user/user/reset_password/', payload: { username } });
  const recover = (username: string, code: string, new_password = 'Axali1234') =>
    ctx().call({
      method: 'POST',
      url: '/api/user/user/recovery/',
      payload: { username, code, new_password },
    });
  const login = (username: string, password: string) =>
    ctx().call({ method: 'POST', url: '/api/user/api/token/', payload: { username, password } });

  it('sends a code by SMS and sets a new password with it', async () => {
    const user = await createUser(ctx);
    const response = await reset(user.personal_number);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ expires_in: 600 });
    const [message] = await ctx().app.db.query<{ channel: string; recipient: string }>(
      'SELECT channel, recipient FROM outbox',
    );
    expect(message).toEqual({ channel: 'sms', recipient: user.phone_number });

    const code = await lastCode(ctx, user.phone_number);
    const recovered = await recover(user.personal_number, code);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({});
    expect((await login(user.personal_number, user.password)).statusCode).toBe(401);
    expect((await login(user.personal_number, 'Axali1234')).statusCode).toBe(200);
    // A code works once.
    expect((await recover(user.personal_number, code, 'Mesame123')).json()).toEqual(INVALID);
  });

  it('answers an unknown username exactly like a known one, and sends nothing', async () => {
    const response = await reset('99999999999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ expires_in: 600 });
    expect(await ctx().app.db.query('SELECT 1 FROM outbox')).toEqual([]);
    // Throttled the same way as well.
    const again = await reset('99999999999');
    expect(again.statusCode).toBe(429);
    expect((await recover('99999999999', '123456')).json()).toEqual(INVALID);
  });

  it('sends a banned user no code, with the same answer', async () => {
    const user = await createUser(ctx, { is_banned: true });
    expect((await reset(user.personal_number)).json()).toEqual({ expires_in: 600 });
    expect(await ctx().app.db.query('SELECT 1 FROM outbox')).toEqual([]);
  });

  it('throttles requests per username, with Retry-After', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    expect((await reset(user.personal_number)).statusCode).toBe(200);
    ctx().clock.advance(20);
    const throttled = await reset(user.personal_number);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('40');
    expect(throttled.json()).toMatchObject({ code: 'throttled' });
    expect((await reset(other.personal_number)).statusCode).toBe(200);
    ctx().clock.advance(40);
    expect((await reset(user.personal_number)).statusCode).toBe(200);
  });

  it('refuses wrong, expired and exhausted codes with one message', async () => {
    const user = await createUser(ctx);
    await reset(user.personal_number);
    const code = await lastCode(ctx, user.phone_number);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await recover(user.personal_number, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
    expect((await recover(user.personal_number, code)).json()).toEqual(INVALID);

    ctx().clock.advance(60);
    await reset(user.personal_number);
    const fresh = await lastCode(ctx, user.phone_number);
    ctx().clock.advance(600);
    expect((await recover(user.personal_number, fresh)).json()).toEqual(INVALID);
    expect((await login(user.personal_number, user.password)).statusCode).toBe(200);
  });

  it('checks the code before hashing the new password', async () => {
    const user = await createUser(ctx);
    await reset(user.personal_number);
    const code = await lastCode(ctx, user.phone_number);
    vi.mocked(hashPassword).mockClear();
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await recover(user.personal_number, wrong)).json()).toEqual(INVALID);
    expect((await recover('99999999999', wrong)).json()).toEqual(INVALID);
    expect(hashPassword).not.toHaveBeenCalled();
    expect((await recover(user.personal_number, code)).statusCode).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it('does not take a verification code for a recovery code', async () => {
    const user = await createUser(ctx);
    await ctx().call({ method: 'POST', url: '/api/user/user/send_sms/', token: user.access });
    const code = await lastCode(ctx, user.phone_number);
    expect((await recover(user.personal_number, code)).json()).toEqual(INVALID);
  });

  it('validates every field and refuses unknown ones', async () => {
    const badReset = await reset('123');
    expect(badReset.statusCode).toBe(400);
    expect(badReset.json()).toEqual({ username: ['პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.'] });
    const extra = await ctx().call({
      method: 'POST',
      url: '/api/user/user/reset_password/',
      payload: { username: '01001000001', phone_number: '599000000' },
    });
    expect(extra.json()).toEqual({ phone_number: ['უცნობი ველი.'] });

    const bad = await recover('1', '12', 'short');
    expect(bad.json()).toEqual({
      username: ['პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.'],
      code: ['კოდი უნდა შედგებოდეს 6 ციფრისგან.'],
      new_password: ['პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.'],
    });
  });

  it('ends every session of the user: old refresh tokens are refused', async () => {
    const user = await createUser(ctx);
    const otherSession = await login(user.personal_number, user.password);
    const { refresh } = otherSession.json<{ refresh: string }>();
    await reset(user.personal_number);
    await recover(user.personal_number, await lastCode(ctx, user.phone_number));
    for (const token of [user.refresh, refresh]) {
      const response = await ctx().call({
        method: 'POST',
        url: '/api/user/token/refresh/',
        payload: { refresh: token },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'token_not_valid' });
    }
  });

  it('lets a user locked out by failed logins in after recovering', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < ctx().app.config.loginAttempts; i += 1) {
      await login(user.personal_number, 'Wrong1234');
    }
    expect((await login(user.personal_number, user.password)).statusCode).toBe(429);
    await reset(user.personal_number);
    await recover(user.personal_number, await lastCode(ctx, user.phone_number));
    expect((await login(user.personal_number, 'Axali1234')).statusCode).toBe(200);
  });
});
