import { build } from './build';
import { createUser, lastCode } from './user-utils';

/** Whether an access token still opens the customer's details. */
const works = async (ctx: ReturnType<ReturnType<typeof build>>, access: string) => {
  const response = await ctx.call({ url: '/api/user/details/', token: access });
  if (response.statusCode === 401)
    expect(response.json()).toMatchObject({ code: 'token_not_valid' });
  return response.statusCode === 200;
};

describe('a session ends when it ends, its access token with it', () => {
  const ctx = build();

  it('at logout', async () => {
    const user = await createUser(ctx);
    expect(await works(ctx(), user.access)).toBe(true);
    await ctx().call({
      method: 'POST',
      url: '/api/user/logout/',
      payload: { refresh: user.refresh },
    });
    expect(await works(ctx(), user.access)).toBe(false);
  });

  it('when a password change elsewhere ends it, while the session that changed it goes on', async () => {
    const user = await createUser(ctx);
    const login = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username: user.personal_number, password: user.password },
    });
    const other = login.json<{ access: string }>();
    const changed = await ctx().call({
      method: 'POST',
      url: '/api/user/user/change_password/',
      token: user.access,
      payload: { old_password: user.password, new_password: 'Axali1234' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await works(ctx(), other.access)).toBe(false);
    expect(await works(ctx(), user.access)).toBe(true);
  });

  it('at a recovery', async () => {
    const user = await createUser(ctx);
    await ctx().call({
      method: 'POST',
      url: '/api/user/user/reset_password/',
      payload: { username: user.personal_number },
    });
    const code = await lastCode(ctx, user.phone_number);
    const recovered = await ctx().call({
      method: 'POST',
      url: '/api/user/user/recovery/',
      payload: { username: user.personal_number, code, new_password: 'Axali1234' },
    });
    expect(recovered.statusCode).toBe(200);
    expect(await works(ctx(), user.access)).toBe(false);
  });

  it('when a refresh replaces it: the new pair works, the old access token does not', async () => {
    const user = await createUser(ctx);
    const refreshed = await ctx().call({
      method: 'POST',
      url: '/api/user/token/refresh/',
      payload: { refresh: user.refresh },
    });
    const pair = refreshed.json<{ access: string }>();
    expect(await works(ctx(), pair.access)).toBe(true);
    expect(await works(ctx(), user.access)).toBe(false);
  });
});
