import { build } from './build';
import { createUser } from './user-utils';

const login = (
  ctx: ReturnType<ReturnType<typeof build>>,
  username: string,
  password: string,
  request: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  ctx.call({
    method: 'POST',
    url: '/api/user/api/token/',
    payload: { username, password },
    ...request,
  });

describe('someone guessing at a customer’s password', () => {
  const ctx = build({
    loginAttempts: 5,
    loginAddressAttempts: 20,
    loginUserFreeAttempts: 10,
    loginMaxDelaySeconds: 60,
    loginWindowSeconds: 900,
  });

  it('from many addresses only slows the guesses down, and never locks the owner out', async () => {
    const owner = await createUser(ctx);
    const waits: number[] = [];
    // Twenty guesses, each from another address (as behind one NAT or a botnet).
    for (let i = 0; i < 20; i += 1) {
      const from = { remoteAddress: `198.51.100.${i + 1}` };
      let answer = await login(ctx(), owner.personal_number, 'Wrong1234', from);
      if (answer.statusCode === 429) {
        const wait = Number(answer.headers['retry-after']);
        waits.push(wait);
        ctx().clock.advance(wait);
        answer = await login(ctx(), owner.personal_number, 'Wrong1234', from);
      }
      expect(answer.statusCode).toBe(401);
    }
    // Ten free guesses, then 2, 4, 8… seconds between them, never more than a minute.
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60, 60]);

    // The owner, from their own address, waits at most that minute, then is in.
    const home = { remoteAddress: '203.0.113.50' };
    let answer = await login(ctx(), owner.personal_number, owner.password, home);
    if (answer.statusCode === 429) {
      expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
      ctx().clock.advance(Number(answer.headers['retry-after']));
      answer = await login(ctx(), owner.personal_number, owner.password, home);
    }
    expect(answer.statusCode).toBe(200);
  });
});

describe('the client’s address behind a proxy', () => {
  const ctx = build({ loginAttempts: 1, loginUserFreeAttempts: 0, proxySecret: 'the-proxy' });
  const forwardedFor = (address: string, secret?: string) => ({
    headers: { 'x-forwarded-for': address, ...(secret ? { 'x-proxy-secret': secret } : {}) },
  });

  it('is the forwarded one only when the proxy proves itself with PROXY_SECRET', async () => {
    const user = await createUser(ctx);
    // Through the proxy: two clients, two addresses, one guess each.
    const viaProxy = [
      await login(
        ctx(),
        user.personal_number,
        'Wrong1234',
        forwardedFor('203.0.113.1', 'the-proxy'),
      ),
      await login(
        ctx(),
        user.personal_number,
        'Wrong1234',
        forwardedFor('203.0.113.2', 'the-proxy'),
      ),
    ];
    expect(viaProxy.map((answer) => answer.statusCode)).toEqual([401, 401]);

    // A process claiming addresses itself, without the secret or with a wrong one, is its peer.
    const claimed = [
      await login(ctx(), user.personal_number, 'Wrong1234', forwardedFor('192.0.2.1')),
      await login(ctx(), user.personal_number, 'Wrong1234', forwardedFor('192.0.2.2', 'guess')),
    ];
    expect(claimed.map((answer) => answer.statusCode)).toEqual([401, 429]);
  });
});
