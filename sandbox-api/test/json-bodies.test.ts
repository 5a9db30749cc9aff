import { MAX_JSON_DEPTH } from '../src/plugins/json-bodies';
import { build } from './build';

/** A login whose `username` is `depth - 1` arrays, one inside the other: `depth` levels in all. */
const nested = (depth: number) =>
  `{"username":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)},"password":"x"}`;

describe('a JSON body the sandbox cannot take', () => {
  const ctx = build();
  const post = (url: string, payload: string) =>
    ctx().call({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('answers a body nested 5,000 levels deep 400 parse_error in the contract’s shape, not a 500', async () => {
    const bodies = [
      '['.repeat(5000) + ']'.repeat(5000),
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    ];
    for (const url of ['/api/user/api/token/', '/api/user/user_log/']) {
      for (const body of bodies) {
        const response = await post(url, body);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ detail: expect.any(String), code: 'parse_error' });
      }
    }
    const oneTooDeep = await post('/api/user/api/token/', nested(MAX_JSON_DEPTH + 1));
    expect(oneTooDeep.json()).toMatchObject({ code: 'parse_error' });
  });

  it('takes a body nested as deep as the limit, and counts no bracket inside a string', async () => {
    // Past the parser, the route's own validation answers: a field error, not parse_error.
    const deepest = await post('/api/user/api/token/', nested(MAX_JSON_DEPTH));
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json()).toEqual({ username: [expect.any(String)] });
    const brackets = JSON.stringify({
      username: `"[{${'['.repeat(MAX_JSON_DEPTH + 6)}\\`,
      password: 'x',
    });
    const login = await post('/api/user/api/token/', brackets);
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ code: 'no_active_account' });
  });

  it('answers a JSON body over 1 MiB 413 request_too_large in the contract’s shape, not a 500', async () => {
    for (const body of [
      JSON.stringify({ username: 'x'.repeat(1024 * 1024) }),
      '['.repeat(1024 * 1024 + 1),
    ]) {
      const response = await post('/api/user/api/token/', body);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'request_too_large' });
    }
  });
});
