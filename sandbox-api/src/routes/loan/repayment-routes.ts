import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { georgianDate } from '../../lib/calculator';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import { settleUserApplications } from '../../lib/loan-settlement';
import {
  addDays,
  allocateRepayment,
  isClosed,
  type LoanRecord,
  loadLoans,
  loanView,
  oldestOverdue,
  outstandingOf,
  type PayoffQuote,
  payoffQuote,
  penaltyDueOf,
  type WithdrawalQuote,
  withdrawalQuote,
} from '../../lib/loan-view';
import { fromTetri } from '../../lib/money';
import {
  emptyBody,
  errorResponses,
  idParams,
  loanSchema,
  overdueSchema,
  parseId,
  payoffBody,
  payoffQuery,
  payoffSchema,
  repayBody,
  withdrawalSchema,
} from './loan-schemas';

const PAYOFF_WINDOW_DAYS = 30;

const loanClosed = () => new HttpError(400, 'loan_closed', 'სესხი დახურულია.');
const payoffDateInvalid = () =>
  new HttpError(
    400,
    'payoff_date_invalid',
    `წინსწრებით დაფარვის თარიღი უნდა იყოს დღეიდან ${PAYOFF_WINDOW_DAYS} დღის განმავლობაში.`,
  );

/**
 * Locks the loan row, so concurrent writes to one loan (repay, payoff, withdraw) run one after
 * another, and reads it again inside the transaction: the second writer sees it closed.
 */
async function lockOpenLoan(tx: Queryable, userId: number, id: number): Promise<LoanRecord> {
  await tx.query('SELECT id FROM loans WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
  const [loan] = await loadLoans(tx, userId, id);
  if (!loan) throw notFound();
  if (isClosed(loan)) throw loanClosed();
  return loan;
}

/**
 * Closes a loan at `now`, repaid by a payoff or withdrawn, recording what the customer paid to
 * close it (nothing when it is zero, or when the lender owes them: that is not their payment).
 */
async function closeLoan(
  tx: Queryable,
  id: number,
  as: 'repaid' | 'withdrawn',
  now: Date,
  paid: bigint,
): Promise<void> {
  await tx.query(
    `UPDATE loans SET penalty_carried = 0, closed_at = $2::timestamptz, closed_as = $3 WHERE id = $1`,
    [id, now.toISOString(), as],
  );
  if (paid > 0n) {
    await tx.query(
      'INSERT INTO payments (loan_id, amount, paid_at) VALUES ($1, $2, $3::timestamptz)',
      [id, fromTetri(paid), now.toISOString()],
    );
  }
}

async function reloaded(tx: Queryable, userId: number, id: number, today: string) {
  const [updated] = await loadLoans(tx, userId, id);
  if (!updated) throw new Error('the loan written vanished');
  return loanView(updated, today);
}

const payoffView = (quote: PayoffQuote) => ({
  loan: quote.loan,
  date: quote.date,
  principal: fromTetri(quote.principal),
  interest: fromTetri(quote.interest),
  penalty: fromTetri(quote.penalty),
  total: fromTetri(quote.total),
  scheduled_remaining: fromTetri(quote.scheduledRemaining),
  interest_saved: fromTetri(quote.interestSaved),
});

const withdrawalView = (quote: WithdrawalQuote) => ({
  loan: quote.loan,
  available: quote.available,
  until: quote.until,
  amount_to_return: fromTetri(quote.amountToReturn),
  interest: fromTetri(quote.interest),
  fee_refunded: fromTetri(quote.feeRefunded),
});

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
        const loan = await lockOpenLoan(tx, userId, id);
        if (amount <= 0n) throw fieldError('amount', 'თანხა უნდა იყოს ნულზე მეტი.');
        const now = app.clock.now();
        const today = georgianDate(now);
        const outstanding = outstandingOf(loan);
        const penalty = penaltyDueOf(loan, today);
        if (amount > outstanding + penalty) {
          throw fieldError(
            'amount',
            `თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (${fromTetri(outstanding + penalty)} ლარი).`,
          );
        }
        const allocation = allocateRepayment(loan, amount, penalty);
        for (const [number, paid] of allocation.rows) {
          await tx.query(
            'UPDATE loan_schedule SET paid_amount = $3 WHERE loan_id = $1 AND number = $2',
            [id, number, fromTetri(paid)],
          );
        }
        // Paying everything closes the loan at the payment's time.
        const closes = amount === outstanding + penalty;
        await tx.query(
          `UPDATE loans SET penalty_carried = $2,
                  closed_at = CASE WHEN $3::boolean THEN $4::timestamptz END,
                  closed_as = CASE WHEN $3::boolean THEN 'repaid' END
            WHERE id = $1`,
          [id, fromTetri(closes ? 0n : allocation.penaltyLeft), closes, now.toISOString()],
        );
        await tx.query(
          'INSERT INTO payments (loan_id, amount, paid_at) VALUES ($1, $2, $3::timestamptz)',
          [id, fromTetri(amount), now.toISOString()],
        );
        return reloaded(tx, userId, id, today);
      });
    },
  );

  app.get(
    '/loan/:id/payoff/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        querystring: payoffQuery,
        response: { 200: payoffSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      await settleUserApplications(app, request.user.id);
      const today = georgianDate(app.clock.now());
      const [loan] = await loadLoans(app.db, request.user.id, id);
      if (!loan) throw notFound();
      if (isClosed(loan)) throw loanClosed();
      const date = request.query.date ?? today;
      if (date < today || date > addDays(today, PAYOFF_WINDOW_DAYS)) throw payoffDateInvalid();
      return payoffView(payoffQuote(loan, date));
    },
  );

  app.post(
    '/loan/:id/payoff/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: payoffBody,
        response: { 200: loanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const userId = request.user.id;
      await settleUserApplications(app, userId);
      return app.db.transaction(async (tx) => {
        const loan = await lockOpenLoan(tx, userId, id);
        const now = app.clock.now();
        const today = georgianDate(now);
        // Only a payoff today is a payment; a later date is a quote.
        if ((request.body?.date ?? today) !== today) throw payoffDateInvalid();
        const quote = payoffQuote(loan, today);
        await tx.query('UPDATE loan_schedule SET paid_amount = payment WHERE loan_id = $1', [id]);
        await closeLoan(tx, id, 'repaid', now, quote.total);
        return reloaded(tx, userId, id, today);
      });
    },
  );

  app.get(
    '/loan/:id/withdrawal/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: withdrawalSchema, ...errorResponses } },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      await settleUserApplications(app, request.user.id);
      const today = georgianDate(app.clock.now());
      const [loan] = await loadLoans(app.db, request.user.id, id);
      if (!loan) throw notFound();
      return withdrawalView(withdrawalQuote(loan, today));
    },
  );

  app.post(
    '/loan/:id/withdraw/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: emptyBody,
        response: { 200: loanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const userId = request.user.id;
      await settleUserApplications(app, userId);
      return app.db.transaction(async (tx) => {
        const loan = await lockOpenLoan(tx, userId, id);
        const now = app.clock.now();
        const today = georgianDate(now);
        const quote = withdrawalQuote(loan, today);
        if (!quote.available) {
          throw new HttpError(
            400,
            'withdrawal_period_over',
            `სესხზე უარის თქმის ვადა ${quote.until}-ს ამოიწურა.`,
          );
        }
        // What the customer returns stands for a completed payment.
        await closeLoan(tx, id, 'withdrawn', now, quote.amountToReturn);
        return reloaded(tx, userId, id, today);
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
