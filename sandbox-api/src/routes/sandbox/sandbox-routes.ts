import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const outboxEntry = z.object({
  id: z.int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  body: z.string(),
  created_at: z.iso.datetime(),
});

/**
 * Development helpers outside the contract. The outbox shows the codes that would have gone
 * out by SMS or e-mail; the ban switch bans a user mid-session. In production mode nothing is
 * registered, so both answer 404.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  if (app.config.mode !== 'development') return;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/__sandbox/outbox',
    {
      schema: {
        querystring: z.object({ to: z.string().trim().min(1).max(254) }).strict(),
        response: {
          200: z.array(outboxEntry),
          400: z.record(z.string(), z.array(z.string())),
        },
      },
    },
    async (request) => {
      const rows = await app.db.query<{
        id: number;
        channel: 'sms' | 'email';
        recipient: string;
        body: string;
        created_at: Date;
      }>(
        `SELECT id, channel, recipient, body, created_at FROM outbox WHERE recipient = $1
          ORDER BY created_at DESC, id DESC`,
        [request.query.to],
      );
      return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
    },
  );

  // Expires an access token now, as its lifetime would: the client's refresh can then be
  // tested without waiting the token out. Its refresh token is untouched.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__sandbox/tokens/expire',
    {
      schema: {
        body: z.object({ access: z.string().min(1).max(4096) }).strict(),
        response: {
          204: z.undefined(),
          400: z.record(z.string(), z.array(z.string())),
        },
      },
    },
    async (request, reply) => {
      const claims = await app.tokens.verify('access', request.body.access);
      if (!claims) return reply.code(400).send({ access: ['ტოკენი არავალიდურია ან ვადაგასულია.'] });
      await app.db.query(
        `INSERT INTO expired_access_tokens (jti, expires_at) VALUES ($1, $2)
         ON CONFLICT (jti) DO NOTHING`,
        [claims.jti, claims.expiresAt.toISOString()],
      );
      return reply.code(204).send();
    },
  );

  // Bans or unbans a user, as the provider's staff would: the client's "banned user is forced
  // out" path needs a user banned in the middle of a session.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__sandbox/users/:personal_number/ban',
    {
      schema: {
        params: z.object({ personal_number: z.string().regex(/^\d{11}$/) }),
        body: z.object({ banned: z.boolean() }).strict(),
        response: {
          200: z.object({ personal_number: z.string(), banned: z.boolean() }),
          400: z.record(z.string(), z.array(z.string())),
          404: z.object({ detail: z.string(), code: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const rows = await app.db.query<{ personal_number: string }>(
        'UPDATE users SET is_banned = $1 WHERE personal_number = $2 RETURNING personal_number',
        [request.body.banned, request.params.personal_number],
      );
      if (rows.length === 0) {
        return reply.code(404).send({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
      }
      return { personal_number: request.params.personal_number, banned: request.body.banned };
    },
  );
}
