import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { georgianDate } from '../../lib/calculator';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import { settleUserApplications } from '../../lib/loan-settlement';
import {
  addDays,
  isClosed,
  loadLoans,
  loanView,
  oldestOverdue,
  type PayoffQuote,
  payoffQuote,
  type WithdrawalQuote,
  withdrawalQuote,
} from '../../lib/loan-view';
import { applyPayoff, applyRepayment, applyWithdrawal, repayableOf } from '../../lib/loan-writes';
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
import { loanClosed, lockOpenLoan } from './open-loan';

const PAYOFF_WINDOW_DAYS = 30;

const payoffDateInvalid = () =>
  new HttpError(
    400,
    'payoff_date_invalid',
    `წინსწრებით დაფარვის თარიღი უნდა იყოს დღეიდან ${PAYOFF_WINDOW_DAYS} დღის განმავლობაში.`,
  );

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
        const repayable = repayableOf(loan, today);
        if (amount > repayable) {
          throw fieldError(
            'amount',
            `თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (${fromTetri(repayable)} ლარი).`,
          );
        }
        await applyRepayment(tx, loan, amount, now);
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
        await applyPayoff(tx, loan, now);
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
        await applyWithdrawal(tx, loan, now);
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
