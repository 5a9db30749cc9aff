import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

export const CSRF_COOKIE = 'csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Django's double submit: the provider sets `csrftoken` (readable by script, SameSite=Lax) on
 * any answer to a request that lacks it; an unsafe request that carries the cookie must echo
 * it in X-CSRFToken.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('hex'), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          maxAge: 365 * 24 * 60 * 60,
        });
        return;
      }
      if (UNSAFE.has(request.method) && request.headers['x-csrftoken'] !== cookie) {
        throw new HttpError(403, 'csrf_failed', 'CSRF Failed: CSRF token missing or incorrect.');
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
