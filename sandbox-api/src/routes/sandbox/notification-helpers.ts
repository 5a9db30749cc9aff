import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsSchema } from '../../lib/http-errors';
import { runNotifications } from '../../lib/notification-schedule';

/**
 * v1.4's development helper: a day's payment reminders and overdue notices run at a given
 * moment (as the provider's 10:00 job would), and the SMS quiet hours held go out with it. The
 * moment is the clock's now unless given, so a test can run any day without moving the clock.
 */
export default async function notificationHelpers(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/__sandbox/notifications/run',
    {
      schema: {
        body: z
          .object({ at: z.iso.datetime({ offset: true }).optional() })
          .strict()
          .nullish(),
        response: {
          200: z.object({
            at: z.iso.datetime(),
            date: z.string().nullable(),
            written: z.int(),
            released: z.int(),
          }),
          400: fieldErrorsSchema,
        },
      },
    },
    async (request) => {
      const at = request.body?.at ? new Date(request.body.at) : app.clock.now();
      return { at: at.toISOString(), ...(await runNotifications(app, at)) };
    },
  );
}
