import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, detailErrorSchema } from '../../lib/http-errors';

/**
 * What the client reports about its device when something fails. Lengths are the columns'
 * (device_logs); an empty string is accepted, as a browser may hide a value (platform).
 */
const deviceLogBody = z.strictObject({
  user_agent: z.string().max(512),
  platform: z.string().max(100),
  language: z.string().max(35),
  screen: z.string().max(50),
  timezone: z.string().max(64),
});

/** POST /api/user/user_log/ (registered under /api/user). */
export default async function deviceLogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/user_log/',
    {
      preHandler: app.authenticate,
      schema: {
        body: deviceLogBody,
        response: {
          201: z.object({}),
          400: badRequestSchema,
          401: detailErrorSchema,
          403: detailErrorSchema,
          500: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user_agent, platform, language, screen, timezone } = request.body;
      await app.db.query(
        `INSERT INTO device_logs (user_id, user_agent, platform, language, screen, timezone, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [request.user.id, user_agent, platform, language, screen, timezone, app.clock.now()],
      );
      return reply.code(201).send({});
    },
  );
}
