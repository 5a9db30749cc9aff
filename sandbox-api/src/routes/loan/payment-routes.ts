import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadPayments } from '../../lib/payments';
import { errorResponses, idParams, parseId, paymentSchema } from './loan-schemas';
import { customersLoan } from './open-loan';

/** v1.2: what a customer paid on a loan, each payment with its split and receipt. */
export default async function paymentRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/loan/:id/payments/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: z.array(paymentSchema), ...errorResponses } },
    },
    async (request) => {
      const loan = await customersLoan(app, request.user.id, parseId(request.params.id));
      return loadPayments(app.db, loan.id);
    },
  );
}
