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
 * out by SMS or e-mail; in production mode nothing is registered, so it answers 404.
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
}
