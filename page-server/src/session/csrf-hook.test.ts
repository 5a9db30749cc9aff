// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify';
import { csrfHook } from './csrf-hook';
import type { SessionAt, SessionContext } from './session-context';
import { sessionDecorator } from './session-decorator';

/*
 * The CSRF hook alone: a session decorator whose session is what the test says (the `open`
 * header), and routes that answer "reached" when the hook lets a request through.
 */

const OPEN: SessionAt = {
  kind: 'open',
  session: { id: 's', access: 'a', refresh: 'r', began: 0, used: 0 },
};
const context = {
  sessionOf: async (request: { headers: Record<string, unknown> }) =>
    request.headers.open ? OPEN : { kind: 'none' },
} as unknown as SessionContext;

let app: FastifyInstance;
beforeEach(async () => {
  app = Fastify();
  await app.register(sessionDecorator, { context });
  await app.register(csrfHook, { paths: ['/api', '/session'] });
  app.all('/*', async () => 'reached');
});
afterEach(() => app.close());

const send = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  { open = true, cookie = 'abc', header }: { open?: boolean; cookie?: string; header?: string },
) =>
  app.inject({
    method,
    url,
    headers: {
      ...(open ? { open: '1' } : {}),
      ...(cookie ? { cookie: `user=x; csrftoken=${cookie}` } : {}),
      ...(header ? { 'x-csrftoken': header } : {}),
    },
  });

describe('the CSRF hook', () => {
  it("refuses a session's write without the csrftoken cookie's value, before its route", async () => {
    const answer = await send('POST', '/api/loan/apply/', {});
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'csrf_failed' });
    expect((await send('DELETE', '/api/cards/1/', { header: 'other' })).statusCode).toBe(403);
    expect((await send('POST', '/api/loan/apply/', { cookie: '', header: '' })).statusCode).toBe(
      403,
    );
  });

  it('refuses the activity call of an open session without it too', async () => {
    expect((await send('POST', '/session/activity', {})).statusCode).toBe(403);
  });

  it('lets through a write that repeats the cookie, a read, a visitor, and the login', async () => {
    expect((await send('POST', '/api/loan/apply/', { header: 'abc' })).body).toBe('reached');
    expect((await send('GET', '/api/user/details/', {})).body).toBe('reached');
    expect((await send('POST', '/api/loan/apply/', { open: false })).body).toBe('reached');
    expect((await send('POST', '/api/user/api/token/', {})).body).toBe('reached');
    // The login in another spelling is still the login (the canonical path decides).
    expect((await send('POST', '/api/user/api/%74oken/', {})).body).toBe('reached');
  });

  it("leaves a path outside the gateway's folders to its route (which answers 400)", async () => {
    expect((await send('POST', '/elsewhere', {})).body).toBe('reached');
  });
});
