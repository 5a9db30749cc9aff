import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { autopayView, setAutopay } from '../../lib/autopay';
import { askForCode } from '../../lib/bank-codes';
import { outcomeOf } from '../../lib/bank-rules';
import { georgianDate } from '../../lib/calculator';
import { bankRuleOf, customersCard } from '../../lib/cards';
import { detailErrorSchema, fieldError, HttpError, notFound } from '../../lib/http-errors';
import { bindKey, claimKey, keyOf, requestHash } from '../../lib/idempotency';
import { settleUserApplications } from '../../lib/loan-settlement';
import { payoffQuote } from '../../lib/loan-view';
import { checkRepaymentAmount } from '../../lib/loan-writes';
import { fromTetri } from '../../lib/money';
import {
  cancelOrder,
  loadOrders,
  newBankToken,
  ORDER_COLUMNS,
  ORDER_LIFETIME_MS,
  type OrderRow,
  openOrderId,
  orderViews,
  paymentInProgress,
  startProcessing,
} from '../../lib/payment-orders';
import { isClientAddress, RETURN_URL_MESSAGE } from '../../lib/return-url';
import { emptyBody, errorResponses, idParams, parseId } from './loan-schemas';
import { customersLoan, lockOpenLoan } from './open-loan';
import { autopayBody, autopaySchema, orderBody, orderSchema } from './payment-order-schemas';

const NO_SUCH_CARD = 'ასეთი შენახული ბარათი თქვენ არ გაქვთ.';

/**
 * v1.3: payment orders (the customer pays on the bank's page, or with a saved card) and a
 * loan's automatic payment.
 */
export default async function paymentOrderRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  const viewOf = async (row: OrderRow) => {
    const [view] = await orderViews(app, app.db, [row]);
    if (!view) throw new Error('an order without its view');
    return view;
  };

  app.post(
    '/loan/:id/payment_orders/',
    {
      onRequest: app.authenticate,
      // A request without a usable key is refused before its body is judged: it is the
      // client's mistake whatever the body says.
      preValidation: async (request) => {
        keyOf(request.headers['idempotency-key']);
      },
      schema: {
        params: idParams,
        body: orderBody,
        response: { 200: orderSchema, 201: orderSchema, 422: detailErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const key = keyOf(request.headers['idempotency-key']);
      const loanId = parseId(request.params.id);
      if (loanId === null) throw notFound();
      const { purpose, amount, card, save_card: saveCard, return_url: returnUrl } = request.body;
      if (purpose === 'repayment' && amount === undefined) {
        throw fieldError('amount', 'ეს ველი სავალდებულოა.');
      }
      if (purpose === 'payoff' && amount !== undefined) {
        throw fieldError(
          'amount',
          'სრული დაფარვის თანხას დღევანდელი გაანგარიშება ადგენს: ნუ მიუთითებთ მას.',
        );
      }
      if (!isClientAddress(returnUrl, app.config.clientOrigins)) {
        throw fieldError('return_url', RETURN_URL_MESSAGE);
      }
      await settleUserApplications(app, userId);
      const hash = requestHash({
        loan: loanId,
        purpose,
        amount: amount === undefined ? null : fromTetri(amount),
        card,
        save_card: saveCard,
        return_url: returnUrl,
      });

      const made = await app.db.transaction(async (tx) => {
        const now = app.clock.now();
        const seen = await claimKey(tx, userId, key, hash, now);
        if (seen !== null) return { id: seen, created: false, decideAt: null };
        const loan = await lockOpenLoan(tx, userId, loanId);
        const open = await openOrderId(tx, loan.id, now);
        if (open !== null) throw paymentInProgress(open);
        const today = georgianDate(now);
        let total: bigint;
        if (amount !== undefined) {
          checkRepaymentAmount(loan, amount, today);
          total = amount;
        } else {
          total = payoffQuote(loan, today).total;
        }
        const saved = card === null ? undefined : await customersCard(tx, userId, card);
        if (card !== null && !saved) throw fieldError('card', NO_SUCH_CARD);
        const [order] = await tx.query<OrderRow>(
          `INSERT INTO payment_orders (user_id, loan_id, purpose, amount, status, return_url,
             created_at, expires_at, card_id, save_card, bank_token, bank_step)
           VALUES ($1, $2, $3, $4, 'created', $5, $6, $7, $8, $9, $10, 'card')
           RETURNING ${ORDER_COLUMNS}`,
          [
            userId,
            loan.id,
            purpose,
            fromTetri(total),
            returnUrl,
            now.toISOString(),
            new Date(now.getTime() + ORDER_LIFETIME_MS).toISOString(),
            saved?.id ?? null,
            // A saved card is already saved.
            saveCard && !saved,
            newBankToken(),
          ],
        );
        if (!order) throw new Error('order insert returned no row');
        await bindKey(tx, userId, key, order.id);
        let decideAt: Date | null = null;
        if (saved) {
          // The bank charges a saved card at once, unless it asks for its code first.
          const rule = await bankRuleOf(tx, saved);
          if (rule === 'code') await askForCode(app, tx, order, now);
          else decideAt = await startProcessing(app, tx, order.id, outcomeOf(rule), now);
        }
        return { id: order.id, created: true, decideAt };
      });
      if (made.decideAt) app.bankDecisions.schedule(made.decideAt);
      const [row] = await loadOrders(app.db, userId, made.id);
      if (!row) throw new Error('the order made vanished');
      return reply.code(made.created ? 201 : 200).send(await viewOf(row));
    },
  );

  app.get(
    '/payment_orders/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: z.array(orderSchema), ...errorResponses } },
    },
    async (request) => {
      await settleUserApplications(app, request.user.id);
      return orderViews(app, app.db, await loadOrders(app.db, request.user.id));
    },
  );

  /** The customer's order named in the path, settled; another's is not found. */
  const customersOrder = async (userId: number, raw: string): Promise<OrderRow> => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    await settleUserApplications(app, userId);
    const [row] = await loadOrders(app.db, userId, id);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/payment_orders/:id/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: orderSchema, ...errorResponses } },
    },
    async (request) => viewOf(await customersOrder(request.user.id, request.params.id)),
  );

  app.post(
    '/payment_orders/:id/cancel/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: emptyBody,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    async (request) => {
      const order = await customersOrder(request.user.id, request.params.id);
      const canceled = await app.db.transaction((tx) => cancelOrder(tx, order.id, app.clock.now()));
      if (!canceled) {
        throw new HttpError(
          400,
          'order_not_cancelable',
          'გადახდის გაუქმება აღარ შეიძლება: ბანკი მას უკვე ამუშავებს ან დასრულდა.',
        );
      }
      return viewOf(await customersOrder(request.user.id, request.params.id));
    },
  );

  app.get(
    '/loan/:id/autopay/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: autopaySchema, ...errorResponses } },
    },
    async (request) => {
      const loan = await customersLoan(app, request.user.id, parseId(request.params.id));
      return autopayView(app.db, loan, georgianDate(app.clock.now()));
    },
  );

  app.put(
    '/loan/:id/autopay/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: autopayBody,
        response: { 200: autopaySchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const loanId = parseId(request.params.id);
      if (loanId === null) throw notFound();
      await settleUserApplications(app, userId);
      return app.db.transaction(async (tx) => {
        const now = app.clock.now();
        const loan = await lockOpenLoan(tx, userId, loanId);
        const { card } = request.body;
        if (card !== null && !(await customersCard(tx, userId, card))) {
          throw fieldError('card', NO_SUCH_CARD);
        }
        await setAutopay(tx, loan.id, card, now);
        return autopayView(tx, loan, georgianDate(now));
      });
    },
  );
}
