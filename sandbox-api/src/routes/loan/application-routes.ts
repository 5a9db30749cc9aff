import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { georgianDate, planLoan } from '../../lib/calculator';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { KEY_TERM_COLUMNS, keyTermsOf, keyTermValues } from '../../lib/key-terms';
import { settleUserApplications } from '../../lib/loan-settlement';
import { amountFieldErrors, checkNewApplication } from './application-rules';
import {
  applicationBody,
  applicationSchema,
  emptyBody,
  errorResponses,
  idParams,
  parseId,
  validationBody,
  validSchema,
} from './loan-schemas';
import { customersWrite } from './open-loan';

type ApplicationView = z.infer<typeof applicationSchema>;

const APPLICATION_COLUMNS = `id, amount::text AS amount, term, status, monthly_payment::text AS monthly_payment,
  created_at, decided_at, rejection_reason`;

interface ApplicationRow {
  id: number;
  amount: string;
  term: number;
  status: ApplicationView['status'];
  monthly_payment: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  rejection_reason: string | null;
  [column: string]: unknown;
}

function applicationView(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    amount: row.amount,
    term: row.term,
    status: row.status,
    monthly_payment: row.monthly_payment,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    rejection_reason: row.rejection_reason,
  };
}

/** The current loan contract terms: type 1, newest published (the one the client shows). */
async function currentLoanTermsId(q: Queryable): Promise<number | null> {
  const [terms] = await q.query<{ id: number }>(
    'SELECT id FROM terms_of_contract WHERE contact_type = 1 ORDER BY published_at DESC, id DESC LIMIT 1',
  );
  return terms?.id ?? null;
}

export default async function applicationRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/loan_application/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: z.array(applicationSchema), ...errorResponses } },
    },
    async (request) => {
      await settleUserApplications(app, request.user.id);
      const rows = await app.db.query<ApplicationRow>(
        `SELECT ${APPLICATION_COLUMNS} FROM loan_applications WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [request.user.id],
      );
      return rows.map(applicationView);
    },
  );

  app.post(
    '/loan_application/',
    {
      onRequest: app.authenticate,
      schema: { body: applicationBody, response: { 201: applicationSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { amount, term, terms_of_contract } = request.body;
      const user = request.user;
      await settleUserApplications(app, user.id);
      const view = await app.db.transaction(async (tx) => {
        // Locking the user serialises two submissions, so only one can pass has_pending_application.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const fields = amountFieldErrors(amount);
        if (terms_of_contract !== (await currentLoanTermsId(tx))) {
          fields.terms_of_contract = [
            'გთხოვთ, დაეთანხმოთ სესხის ხელშეკრულების მიმდინარე პირობებს.',
          ];
        }
        if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
        await checkNewApplication(app, tx, user, amount, term);
        const now = app.clock.now();
        // The key terms are kept as offered: the loan's contract shows them later (v1.2).
        const offer = keyTermsOf(planLoan(amount, term, georgianDate(now)));
        const [row] = await tx.query<ApplicationRow>(
          `INSERT INTO loan_applications (user_id, amount, term, terms_of_contract_id, status, created_at,
             ${KEY_TERM_COLUMNS})
           VALUES ($1, $2, $3, $4, 'pending', $5::timestamptz, $6, $7, $8, $9, $10, $11)
           RETURNING ${APPLICATION_COLUMNS}`,
          [
            user.id,
            offer.amount,
            term,
            terms_of_contract,
            now.toISOString(),
            ...keyTermValues(offer),
          ],
        );
        if (!row) throw new Error('application insert returned no row');
        return applicationView(row);
      });
      return reply.code(201).send(view);
    },
  );

  app.post(
    '/loan_application/create_loan_validation/',
    {
      onRequest: app.authenticate,
      schema: { body: validationBody, response: { 200: validSchema, ...errorResponses } },
    },
    async (request) => {
      const { amount, term } = request.body;
      await settleUserApplications(app, request.user.id);
      const fields = amountFieldErrors(amount);
      if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
      await checkNewApplication(app, app.db, request.user, amount, term);
      return { valid: true as const };
    },
  );

  app.post(
    '/loan_application/:id/cancel/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: emptyBody,
        response: { 200: applicationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user.id;
      // Settled first: an application whose decision is already due is no longer cancelable.
      return customersWrite(app, userId, parseId(request.params.id), async (tx, id) => {
        const [row] = await tx.query<ApplicationRow>(
          `SELECT ${APPLICATION_COLUMNS} FROM loan_applications WHERE id = $1 AND user_id = $2 FOR UPDATE`,
          [id, userId],
        );
        if (!row) throw notFound();
        if (row.status !== 'pending') {
          throw new HttpError(
            400,
            'application_not_pending',
            'განაცხადის გაუქმება შესაძლებელია მხოლოდ მაშინ, როცა ის განხილვის პროცესშია.',
          );
        }
        const [canceled] = await tx.query<ApplicationRow>(
          `UPDATE loan_applications SET status = 'canceled', decided_at = $2::timestamptz WHERE id = $1
           RETURNING ${APPLICATION_COLUMNS}`,
          [id, app.clock.now().toISOString()],
        );
        if (!canceled) throw new Error('application update returned no row');
        return applicationView(canceled);
      });
    },
  );
}
