// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify';
import { SESSION_ENDED_HEADER } from 'shared/session/server-session';
import { sealSession } from './sealed-session';
import type { SessionCalls } from './session-calls';
import { sessionContext } from './session-context';
import { sessionDecorator } from './session-decorator';
import { sessionKeys } from './session-keys';
import { sessionRoutes } from './session-routes';

/*
 * The session's clocks routes alone, behind the session decorator: no provider is asked (the
 * CSRF check is its hook's, tested in csrf-hook.test).
 */

const keys = sessionKeys({ SESSION_SECRET: 'a-test-secret-that-is-long-enough-to-be-a-key' });
const limits = { idleSeconds: 40, maxSeconds: 3600 };
const BEGAN = 1_800_000_000;
let clock: number;
let app: FastifyInstance;

beforeEach(async () => {
  clock = BEGAN + 10;
  const context = sessionContext(keys, limits, () => clock * 1000);
  app = Fastify();
  await app.register(sessionDecorator, { context });
  await app.register(sessionRoutes, { calls: { context } as SessionCalls });
});
afterEach(() => app.close());

const sealed = () =>
  sealSession({ id: 's', access: 'a', refresh: 'r', began: BEGAN, used: BEGAN }, keys, limits);
const setCookieNames = (header: unknown) =>
  (Array.isArray(header) ? header : header ? [String(header)] : []).map(
    (cookie: string) => cookie.split('=')[0],
  );

describe('the session routes', () => {
  it("tell an open session's clocks without counting as use, and keep them private", async () => {
    const answer = await app.inject({
      url: '/session',
      headers: { cookie: `user=${await sealed()}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      idle_seconds: 40,
      idle_left_seconds: 30,
      max_left_seconds: 3590,
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('start the idle clock again on activity, and write the cookie anew', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/session/activity',
      headers: { cookie: `user=${await sealed()}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ idle_left_seconds: 40 });
    expect(setCookieNames(answer.headers['set-cookie'])).toEqual(['user', 'signed_in']);
  });

  it('say why an ended session ended, and clear its cookies', async () => {
    clock = BEGAN + 41;
    const answer = await app.inject({
      url: '/session',
      headers: { cookie: `user=${await sealed()}` },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'session_ended', reason: 'inactive' });
    expect(answer.headers[SESSION_ENDED_HEADER.toLowerCase()]).toBe('inactive');
    expect(setCookieNames(answer.headers['set-cookie'])).toEqual(['user', 'signed_in']);
  });

  it('answer a visitor 401 not_authenticated, setting nothing', async () => {
    const answer = await app.inject({ url: '/session' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'not_authenticated' });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});
