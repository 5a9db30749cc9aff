import fp from 'fastify-plugin';
import { CSRF_COOKIE, LOGIN_PATH } from 'shared/session/server-session';
import { canonicalTarget, isUnder } from '../http/canonical-path';
import type { FastifyRequest, StaticServer } from '../http/static-server';
import { cookiesOf, isWrite } from './provider-calls';
import { csrfFailed, replyWith } from './session-answers';

/** A write must carry the csrftoken cookie's value as X-CSRFToken (contract §2). */
export function csrfHolds(request: Pick<FastifyRequest, 'headers'>): boolean {
  const cookie = cookiesOf(request.headers.cookie)[CSRF_COOKIE];
  const header = request.headers['x-csrftoken'];
  return Boolean(cookie) && header === cookie;
}

/**
 * The one CSRF check of the session gateway: a write the session authorises — every write
 * while a session is open but the login, which its credentials authorise and whose CSRF the
 * provider checks — answers 403 without the token. `paths` are the folders the gateway
 * answers: a path outside them, or one read two ways, is the route's to refuse (400), not this.
 */
export const csrfHook = fp(
  async (app: StaticServer, { paths }: { paths: readonly string[] }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isWrite(request.method) || request.sessionAt.kind !== 'open') return;
      const target = canonicalTarget(request.url);
      if (target.kind === 'refused' || !paths.some((folder) => isUnder(target.path, folder))) {
        return;
      }
      if (target.path === LOGIN_PATH || csrfHolds(request)) return;
      return replyWith(reply, csrfFailed(), {});
    });
  },
  { name: 'session-csrf', fastify: '5.x', dependencies: ['session-decorator'] },
);
