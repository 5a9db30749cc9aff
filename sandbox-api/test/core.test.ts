import { readdirSync } from 'node:fs';
import { build } from './build';

describe('the sandbox core', () => {
  const ctx = build();

  it('answers an unknown path with the contract 404 shape', async () => {
    const response = await ctx().call({ url: '/api/nope/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
  });

  it('sets a readable csrftoken cookie on an answer to a request without one', async () => {
    const response = await ctx().call({ url: '/api/nope/' });
    const cookie = response.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[0-9a-f]{48}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('refuses an unsafe request whose X-CSRFToken does not match the cookie', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      cookies: { csrftoken: 'abc' },
      headers: { 'x-csrftoken': 'xyz' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      code: 'csrf_failed',
    });
  });

  it('migrates an empty database once', async () => {
    const rows = await ctx().app.db.query<{ name: string }>('SELECT name FROM schema_migrations');
    const files = readdirSync(new URL('../src/db/migrations/', import.meta.url))
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(files[0]).toBe('001_initial.sql');
    expect(rows.map((row) => row.name).sort()).toEqual(files);
  });
});

describe('errors raised before routing', () => {
  const ctx = build();

  it('answers an over-long path parameter in the contract shape', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: `/api/loan/loan/${'9'.repeat(300)}/repay/`,
      payload: {},
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });
});
