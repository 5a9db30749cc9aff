import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { georgianDate } from '../../lib/calculator';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import { settleUserApplications } from '../../lib/loan-settlement';
import {
  allocateRepayment,
  loadLoans,
  loanView,
  oldestOverdue,
  outstandingOf,
  overdueOf,
} from '../../lib/loan-view';
import { fromTetri } from '../../lib/money';
import {
  errorResponses,
  idParams,
  loanSchema,
  overdueSchema,
  parseId,
  repayBody,
} from './loan-schemas';

export default async function repaymentRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/loan/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: z.array(loanSchema), ...errorResponses } },
    },
    async (request) => {
      await settleUserApplications(app, request.user.id);
      const today = georgianDate(app.clock.now());
      const loans = await loadLoans(app.db, request.user.id);
      return loans.map((loan) => loanView(loan, today));
    },
  );

  app.post(
    '/loan/:id/repay/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: repayBody,
        response: { 200: loanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const userId = request.user.id;
      const { amount } = request.body;
      await settleUserApplications(app, userId);
      return app.db.transaction(async (tx) => {
        // The loan row lock keeps two repayments from reading the same remaining amounts.
        await tx.query('SELECT id FROM loans WHERE id = $1 AND user_id = $2 FOR UPDATE', [
          id,
          userId,
        ]);
        const [loan] = await loadLoans(tx, userId, id);
        if (!loan) throw notFound();
        if (amount <= 0n) throw fieldError('amount', 'თანხა უნდა იყოს ნულზე მეტი.');
        const now = app.clock.now();
        const today = georgianDate(now);
        const outstanding = outstandingOf(loan);
        if (outstanding === 0n) {
          throw new HttpError(400, 'loan_repaid', 'სესხი უკვე სრულად არის დაფარული.');
        }
        const penalty = overdueOf(loan, today)?.penalty ?? 0n;
        if (amount < penalty) {
          throw fieldError(
            'amount',
            `თანხა უნდა ფარავდეს დარიცხულ პირგასამტეხლოს (${fromTetri(penalty)} ლარი).`,
          );
        }
        if (amount > outstanding + penalty) {
          throw fieldError(
            'amount',
            `თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (${fromTetri(outstanding + penalty)} ლარი).`,
          );
        }
        for (const [number, paid] of allocateRepayment(loan, amount, penalty)) {
          await tx.query(
            'UPDATE loan_schedule SET paid_amount = $3 WHERE loan_id = $1 AND number = $2',
            [id, number, fromTetri(paid)],
          );
        }
        await tx.query(
          'INSERT INTO payments (loan_id, amount, paid_at) VALUES ($1, $2, $3::timestamptz)',
          [id, fromTetri(amount), now.toISOString()],
        );
        const [updated] = await loadLoans(tx, userId, id);
        if (!updated) throw new Error('repaid loan vanished');
        return loanView(updated, today);
      });
    },
  );

  app.get(
    '/overdue_loan_application/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: overdueSchema, ...errorResponses } },
    },
    async (request) => {
      await settleUserApplications(app, request.user.id);
      const today = georgianDate(app.clock.now());
      const overdue = oldestOverdue(await loadLoans(app.db, request.user.id), today);
      if (!overdue) throw notFound();
      return overdue;
    },
  );
}
