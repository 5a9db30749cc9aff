import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KA_BANK } from '../../bank/ka-bank';
import { runAutopay } from '../../lib/autopay';
import { brandOf, cardDigits, expiryIssue, passesLuhn, ruleOfNumber } from '../../lib/bank-rules';
import { georgianDate } from '../../lib/calculator';
import { cardView, customersCard, saveCard } from '../../lib/cards';
import {
  badRequestSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  notFound,
} from '../../lib/http-errors';
import {
  decideNow,
  expireNow,
  ORDER_COLUMNS,
  type OrderRow,
  orderViews,
} from '../../lib/payment-orders';
import { dateInput, idParams, parseId } from '../loan/loan-schemas';
import { cardSchema, orderSchema } from '../loan/payment-order-schemas';
import { changeOnce, type Refusal } from './change-once';
import { personalNumberParams } from './personal-number-params';

/**
 * v1.3's development helpers: a day's automatic charges run on demand (as the provider's
 * 10:00 job would), a created order expires now (as its 15 minutes would), a processing
 * order's bank decides now (as BANK_DECISION_SECONDS later it would), and a test card is
 * saved for a customer as a payment that saved it would have (a card the bank declines can
 * never be saved by paying with it: only a payment that succeeded saves its card).
 */
export default async function paymentHelpers(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/__sandbox/autopay/run',
    {
      schema: {
        body: z.object({ date: dateInput.optional() }).strict().nullish(),
        response: {
          200: z.object({ date: z.string(), orders: z.array(orderSchema) }),
          400: badRequestSchema,
        },
      },
    },
    async (request) => {
      const date = request.body?.date ?? georgianDate(app.clock.now());
      const run = await runAutopay(app, date);
      return { date, orders: await orderViews(app, app.db, run.charged) };
    },
  );

  /** The order as it is now, in the contract's shape; null for one that does not exist. */
  const orderNow = async (id: number) => {
    const [row] = await app.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE id = $1`,
      [id],
    );
    if (!row) return null;
    const [view] = await orderViews(app, app.db, [row]);
    return view ?? null;
  };

  /**
   * A helper that changes one order now: `act` says whether it applied (else 400 `refusal`);
   * the order as it is afterwards is the answer, 404 for an order that does not exist.
   */
  const orderHelper = (path: string, act: (id: number) => Promise<boolean>, refusal: Refusal) =>
    app.post(
      `/__sandbox/payment_orders/:id/${path}`,
      {
        schema: {
          params: idParams,
          response: { 200: orderSchema, 400: badRequestSchema, 404: detailErrorSchema },
        },
      },
      async (request) =>
        changeOnce(
          app.db,
          'payment_orders',
          parseId(request.params.id),
          async (id) => ((await act(id)) ? orderNow(id) : null),
          refusal,
        ),
    );

  orderHelper('expire', (id) => expireNow(app.db, id, app.clock.now()), {
    code: 'order_not_created',
    message: 'მხოლოდ შექმნილი გადახდის ვადა შეიძლება ამოიწუროს.',
  });

  orderHelper('decide', (id) => decideNow(app, id), {
    code: 'order_not_processing',
    message: 'ბანკი მხოლოდ დამუშავების პროცესში მყოფ გადახდაზე იღებს გადაწყვეტილებას.',
  });

  app.post(
    '/__sandbox/users/:personal_number/cards',
    {
      schema: {
        params: personalNumberParams,
        body: z.object({ number: z.string().max(40), expires: z.string().max(10) }).strict(),
        response: { 201: cardSchema, 400: fieldErrorsSchema, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const digits = cardDigits(request.body.number);
      const brand = digits && passesLuhn(digits) ? brandOf(digits) : null;
      if (!digits || !brand) {
        return reply.code(400).send({ number: [KA_BANK.errors.numberInvalid] });
      }
      const expires = request.body.expires.trim();
      const expiry = expiryIssue(expires, georgianDate(now));
      if (expiry !== null) {
        const message = expiry === 'past' ? KA_BANK.errors.expiryPast : KA_BANK.errors.expiryFormat;
        return reply.code(400).send({ expires: [message] });
      }
      const [user] = await app.db.query<{ id: number }>(
        'SELECT id FROM users WHERE personal_number = $1',
        [request.params.personal_number],
      );
      if (!user) throw notFound();
      const id = await app.db.transaction((tx) =>
        saveCard(
          tx,
          user.id,
          { brand, last4: digits.slice(-4), expires, rule: ruleOfNumber(digits) },
          now,
        ),
      );
      const card = await customersCard(app.db, user.id, id);
      if (!card) throw notFound();
      return reply.code(201).send(cardView(card));
    },
  );
}
