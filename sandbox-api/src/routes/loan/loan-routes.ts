import type { FastifyInstance } from 'fastify';
import applicationRoutes from './application-routes';
import calculatorRoutes from './calculator-routes';
import contractRoutes from './contract-routes';
import hardshipRoutes from './hardship-routes';
import paymentOrderRoutes from './payment-order-routes';
import paymentRoutes from './payment-routes';
import repaymentRoutes from './repayment-routes';

/** The contract's Loans table, under /api/loan. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(calculatorRoutes);
  await app.register(applicationRoutes);
  await app.register(repaymentRoutes);
  // v1.2: a loan's records and the customer's request for help.
  await app.register(paymentRoutes);
  await app.register(contractRoutes);
  await app.register(hardshipRoutes);
  // v1.3: payment orders on the bank's page, and automatic payment.
  await app.register(paymentOrderRoutes);
}
