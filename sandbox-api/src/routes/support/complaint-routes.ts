import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPLAINT_COLUMNS,
  COMPLAINT_LIMIT,
  COMPLAINT_WINDOW_SECONDS,
  type ComplaintRow,
  complaintView,
  insertComplaint,
} from '../../lib/complaints';
import { fieldError } from '../../lib/http-errors';
import { settleUserApplications } from '../../lib/loan-settlement';
import { secondsUntil, throttled } from '../../lib/throttle';
import { errorResponses } from '../user/schemas';
import { complaintBody, complaintSchema } from './complaint-schemas';

/** v1.2: a customer's complaints, answered within a month (the case then may go to the NBG). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/complaints/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: z.array(complaintSchema), ...errorResponses(401, 403) } },
    },
    async (request) => {
      const rows = await app.db.query<ComplaintRow>(
        `SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE user_id = $1
          ORDER BY created_at DESC, id DESC`,
        [request.user.id],
      );
      return rows.map(complaintView);
    },
  );

  app.post(
    '/complaints/',
    {
      onRequest: app.authenticate,
      schema: {
        body: complaintBody,
        response: { 201: complaintSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const { topic, loan, text } = request.body;
      // A loan issued by an application whose time has come is the customer's to name.
      if (loan !== null) await settleUserApplications(app, userId);
      const now = app.clock.now();
      const created = await app.db.transaction(async (tx) => {
        // The customer's row lock serialises their complaints: the count below is exact even
        // for complaints sent at once.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        const since = new Date(now.getTime() - COMPLAINT_WINDOW_SECONDS * 1000);
        const recent = await tx.query<{ created_at: Date | string }>(
          `SELECT created_at FROM complaints WHERE user_id = $1 AND created_at > $2::timestamptz
            ORDER BY created_at`,
          [userId, since.toISOString()],
        );
        // The window reopens when the oldest of the last COMPLAINT_LIMIT leaves it.
        const blocking = recent[recent.length - COMPLAINT_LIMIT];
        if (blocking) {
          const reopens = new Date(
            new Date(blocking.created_at).getTime() + COMPLAINT_WINDOW_SECONDS * 1000,
          );
          throw throttled(secondsUntil(reopens, now));
        }
        if (loan !== null) {
          const own = await tx.query('SELECT 1 FROM loans WHERE id = $1 AND user_id = $2', [
            loan,
            userId,
          ]);
          if (own.length === 0) throw fieldError('loan', 'ასეთი სესხი თქვენ არ გაქვთ.');
        }
        return insertComplaint(tx, userId, { topic, loanId: loan, text }, now);
      });
      return reply.code(201).send(created);
    },
  );
};

export default routes;
