import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giveLoan } from '../../db/seed-loans';
import { addMonths, daysBetween, georgianDate } from '../../lib/calculator';
import type { OutboxPurpose } from '../../lib/codes';
import { answerComplaint } from '../../lib/complaints';
import { decideHardshipRequest } from '../../lib/hardship';
import {
  badRequestSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  notFound,
} from '../../lib/http-errors';
import { PRODUCT } from '../../lib/products';
import { dateInput, hardshipSchema, idParams, parseId } from '../loan/loan-schemas';
import { complaintSchema } from '../support/complaint-schemas';
import { changeOnce } from './change-once';
import notificationHelpers from './notification-helpers';
import paymentHelpers from './payment-helpers';
import { personalNumberParams } from './personal-number-params';

const outboxEntry = z.object({
  id: z.int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  body: z.string(),
  /** v1.4: a one-time code, a security notice or a notification. */
  purpose: z.enum(['code', 'security', 'notification']),
  created_at: z.iso.datetime(),
});

const publishedTerms = z.object({
  id: z.int(),
  contact_type: z.int(),
  title: z.string(),
  content: z.string(),
  version: z.string(),
  published_at: z.iso.datetime(),
});

/** The lender's answer: plain text, one line like every field here, trimmed. */
const answerText = z.string().trim().min(1).max(5000);

/**
 * How many days ago the helper's loan is issued: `days_ago`, or so that its first unpaid row
 * (row `paid_rows + 1`) falls due on `next_due`. A message when neither works.
 */
function daysAgoFor(
  body: {
    term: number;
    days_ago?: number | undefined;
    next_due?: string | undefined;
    paid_rows: number;
  },
  today: string,
): number | string {
  if (body.next_due === undefined) return body.days_ago ?? 'days_ago or next_due is required';
  if (body.days_ago !== undefined) return 'give days_ago or next_due, not both';
  if (body.paid_rows >= body.term) return 'a loan with every row paid has no next due date';
  const rows = body.paid_rows + 1;
  const issued = addMonths(body.next_due, -rows);
  // Month ends clamp (31 March − 1 month is 28 February, + 1 month is 28 March).
  if (addMonths(issued, rows) !== body.next_due) return 'no issue date gives a row due that day';
  const days = daysBetween(issued, today);
  if (days < 0 || days > 3650) return 'that loan would be issued in the future';
  return days;
}

/**
 * Development helpers outside the contract. The outbox shows the codes that would have gone
 * out by SMS or e-mail; the ban switch bans a user mid-session; a loan can be given to a user
 * in any state of its life (fresh, late, partly paid); the lender's side answers complaints
 * and hardship requests (v1.2) and publishes a document's next version. In production mode nothing is registered, so all answer 404.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  if (app.config.mode !== 'development') return;
  await app.register(paymentHelpers);
  await app.register(notificationHelpers);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/__sandbox/outbox',
    {
      schema: {
        querystring: z
          .object({
            to: z.string().trim().min(1).max(254),
            purpose: z.enum(['code', 'security', 'notification']).optional(),
          })
          .strict(),
        response: {
          200: z.array(outboxEntry),
          400: fieldErrorsSchema,
        },
      },
    },
    async (request) => {
      const rows = await app.db.query<{
        id: number;
        channel: 'sms' | 'email';
        recipient: string;
        body: string;
        purpose: OutboxPurpose;
        created_at: Date;
      }>(
        `SELECT id, channel, recipient, body, purpose, created_at FROM outbox
          WHERE recipient = $1 AND ($2::text IS NULL OR purpose = $2)
          ORDER BY created_at DESC, id DESC`,
        [request.query.to, request.query.purpose ?? null],
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
          400: fieldErrorsSchema,
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
        params: personalNumberParams,
        body: z.object({ banned: z.boolean() }).strict(),
        response: {
          200: z.object({ personal_number: z.string(), banned: z.boolean() }),
          400: fieldErrorsSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const rows = await app.db.query<{ personal_number: string }>(
        'UPDATE users SET is_banned = $1 WHERE personal_number = $2 RETURNING personal_number',
        [request.body.banned, request.params.personal_number],
      );
      if (rows.length === 0) throw notFound();
      return { personal_number: request.params.personal_number, banned: request.body.banned };
    },
  );

  // Gives a user an issued loan as it would be `days_ago` after its issue, its first
  // `paid_rows` rows paid on time: end-to-end tests make each the loan they need (a fresh one
  // inside its 14 days, an overdue one) without sharing the seed users' loans.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__sandbox/users/:personal_number/loans',
    {
      schema: {
        params: personalNumberParams,
        body: z
          .object({
            amount: z.string().regex(/^\d{1,8}\.\d{2}$/),
            term: z
              .number()
              .int()
              .refine((term) => (PRODUCT.terms as readonly number[]).includes(term)),
            days_ago: z.number().int().min(0).max(3650).optional(),
            /** Instead of days_ago: the date its first unpaid row falls due (v1.3's autopay). */
            next_due: dateInput.optional(),
            paid_rows: z.number().int().min(0).default(0),
          })
          .strict(),
        response: {
          201: z.object({ id: z.int() }),
          400: fieldErrorsSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { amount, term, next_due: nextDue, paid_rows: paidRows } = request.body;
      if (paidRows > term) return reply.code(400).send({ paid_rows: [`at most ${term}`] });
      const daysAgo = daysAgoFor(request.body, georgianDate(app.clock.now()));
      if (typeof daysAgo === 'string') {
        return reply
          .code(400)
          .send({ [nextDue === undefined ? 'days_ago' : 'next_due']: [daysAgo] });
      }
      const id = await app.db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: number }>(
          'SELECT id FROM users WHERE personal_number = $1 FOR UPDATE',
          [request.params.personal_number],
        );
        if (!user) return null;
        return giveLoan(tx, app, user.id, { amount, term, daysAgo, paidRows });
      });
      if (id === null) throw notFound();
      return reply.code(201).send({ id });
    },
  );

  // The lender answers a complaint, as its staff would: the client's "answered" state and the
  // way to the National Bank's dispute commission after it need one.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__sandbox/complaints/:id/answer',
    {
      schema: {
        params: idParams,
        body: z.object({ answer: answerText }).strict(),
        response: {
          200: complaintSchema,
          400: badRequestSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request) =>
      changeOnce(
        app.db,
        'complaints',
        parseId(request.params.id),
        (id) =>
          app.db.transaction((tx) =>
            answerComplaint(app, tx, id, request.body.answer, app.clock.now()),
          ),
        { code: 'complaint_answered', message: 'საჩივარს პასუხი უკვე აქვს.' },
      ),
  );

  // The lender publishes a new version of a document (the loan contract, the registration
  // terms, the personal-data notice), effective now: what customers accepted before stays
  // theirs (a loan's contract names the version its application accepted).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__sandbox/terms',
    {
      schema: {
        body: z
          .object({
            contact_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            title: z.string().trim().min(1).max(200),
            content: z.string().trim().min(1).max(100_000),
            version: z.string().trim().min(1).max(20),
          })
          .strict(),
        response: { 201: publishedTerms, 400: fieldErrorsSchema },
      },
    },
    async (request, reply) => {
      const { contact_type, title, content, version } = request.body;
      const [row] = await app.db.query<{ id: number; published_at: Date | string }>(
        `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id, published_at`,
        [contact_type, title, content, version, app.clock.now().toISOString()],
      );
      if (!row) throw new Error('the new version was not stored');
      return reply.code(201).send({
        id: row.id,
        contact_type,
        title,
        content,
        version,
        published_at: new Date(row.published_at).toISOString(),
      });
    },
  );

  // The lender accepts or declines a hardship request, with its answer.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__sandbox/hardship/:id/decision',
    {
      schema: {
        params: idParams,
        body: z.object({ status: z.enum(['accepted', 'declined']), answer: answerText }).strict(),
        response: {
          200: hardshipSchema,
          400: badRequestSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const { status, answer } = request.body;
      return changeOnce(
        app.db,
        'hardship_requests',
        parseId(request.params.id),
        (id) =>
          app.db.transaction((tx) =>
            decideHardshipRequest(app, tx, id, status, answer, app.clock.now()),
          ),
        { code: 'hardship_request_decided', message: 'მოთხოვნაზე გადაწყვეტილება უკვე მიღებულია.' },
      );
    },
  );
}
