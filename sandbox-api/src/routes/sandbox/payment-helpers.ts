import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runAutopay } from '../../lib/autopay';
import { georgianDate } from '../../lib/calculator';
import { badRequestSchema, detailErrorSchema, HttpError, notFound } from '../../lib/http-errors';
import { expireNow, ORDER_COLUMNS, type OrderRow, orderViews } from '../../lib/payment-orders';
import { dateInput, idParams, parseId } from '../loan/loan-schemas';
import { orderSchema } from '../loan/payment-order-schemas';

/**
 * v1.3's development helpers: a day's automatic charges run on demand (as the provider's
 * 10:00 job would), and a created order expires now (as its 15 minutes would).
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

  app.post(
    '/__sandbox/payment_orders/:id/expire',
    {
      schema: {
        params: idParams,
        response: { 200: orderSchema, 400: badRequestSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const expired = await expireNow(app.db, id, app.clock.now());
      const [row] = await app.db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE id = $1`,
        [id],
      );
      if (!row) throw notFound();
      if (!expired) {
        throw new HttpError(
          400,
          'order_not_created',
          'მხოლოდ შექმნილი გადახდის ვადა შეიძლება ამოიწუროს.',
        );
      }
      const [view] = await orderViews(app, app.db, [row]);
      return view;
    },
  );
}
