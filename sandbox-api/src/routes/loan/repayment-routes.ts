import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { georgianDate } from '../../lib/calculator';
import { HttpError, notFound } from '../../lib/http-errors';
import { settleUserApplications } from '../../lib/loan-settlement';
import {
  addDays,
  isClosed,
  type LoanRecord,
  loadLoans,
  loanView,
  oldestOverdue,
  type PayoffQuote,
  payoffQuote,
  type WithdrawalQuote,
  withdrawalQuote,
} from '../../lib/loan-view';
import {
  applyPayoff,
  applyRepayment,
  applyWithdrawal,
  checkRepaymentAmount,
} from '../../lib/loan-writes';
import { fromTetri } from '../../lib/money';
import { openOrderId, paymentInProgress } from '../../lib/payment-orders';
import type { UserRow } from '../../plugins/auth';
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
import { customersLoan, loanClosed, openLoanWrite } from './open-loan';

const PAYOFF_WINDOW_DAYS = 30;

const payoffDateInvalid = () =>
  new HttpError(
    400,
    'payoff_date_invalid',
    `წინსწრებით დაფარვის თარიღი უნდა იყოს დღეიდან ${PAYOFF_WINDOW_DAYS} დღის განმავლობაში.`,
  );

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

  /**
   * A write that moves the loan's money: `change` checks the request against the loan and
   * today, and applies it; the answer is the loan as it then stands. While a payment order
   * of the loan is open (v1.3) nothing else moves its money: an outcome never meets a loan
   * that changed under it.
   */
  const loanWrite = (
    request: { user: UserRow; params: { id: string } },
    change: (tx: Queryable, loan: LoanRecord, now: Date) => Promise<void>,
  ) =>
    openLoanWrite(app, request.user.id, parseId(request.params.id), async (tx, loan) => {
      const now = app.clock.now();
      const open = await openOrderId(tx, loan.id, now);
      if (open !== null) throw paymentInProgress(open);
      await change(tx, loan, now);
      const [updated] = await loadLoans(tx, request.user.id, loan.id);
      if (!updated) throw new Error('the loan written vanished');
      return loanView(updated, georgianDate(now));
    });
  const loanWriteSchema = <Body extends z.ZodType>(body: Body) => ({
    params: idParams,
    body,
    response: { 200: loanSchema, ...errorResponses },
  });

  app.post(
    '/loan/:id/repay/',
    { onRequest: app.authenticate, schema: loanWriteSchema(repayBody) },
    async (request) =>
      loanWrite(request, async (tx, loan, now) => {
        const { amount } = request.body;
        checkRepaymentAmount(loan, amount, georgianDate(now));
        await applyRepayment(app, tx, loan, amount, now);
      }),
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
      const loan = await customersLoan(app, request.user.id, parseId(request.params.id));
      if (isClosed(loan)) throw loanClosed();
      const today = georgianDate(app.clock.now());
      const date = request.query.date ?? today;
      if (date < today || date > addDays(today, PAYOFF_WINDOW_DAYS)) throw payoffDateInvalid();
      return payoffView(payoffQuote(loan, date));
    },
  );

  app.post(
    '/loan/:id/payoff/',
    { onRequest: app.authenticate, schema: loanWriteSchema(payoffBody) },
    async (request) =>
      loanWrite(request, async (tx, loan, now) => {
        // Only a payoff today is a payment; a later date is a quote.
        const today = georgianDate(now);
        if ((request.body?.date ?? today) !== today) throw payoffDateInvalid();
        await applyPayoff(app, tx, loan, now);
      }),
  );

  app.get(
    '/loan/:id/withdrawal/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: withdrawalSchema, ...errorResponses } },
    },
    async (request) => {
      const loan = await customersLoan(app, request.user.id, parseId(request.params.id));
      return withdrawalView(withdrawalQuote(loan, georgianDate(app.clock.now())));
    },
  );

  app.post(
    '/loan/:id/withdraw/',
    { onRequest: app.authenticate, schema: loanWriteSchema(emptyBody) },
    async (request) =>
      loanWrite(request, async (tx, loan, now) => {
        const quote = withdrawalQuote(loan, georgianDate(now));
        if (!quote.available) {
          throw new HttpError(
            400,
            'withdrawal_period_over',
            `სესხზე უარის თქმის ვადა ${quote.until}-ს ამოიწურა.`,
          );
        }
        await applyWithdrawal(tx, loan, now);
      }),
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
