import type { FastifyInstance } from 'fastify';
import applicationRoutes from './application-routes';
import calculatorRoutes from './calculator-routes';
import repaymentRoutes from './repayment-routes';

/** The contract's Loans table, under /api/loan. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(calculatorRoutes);
  await app.register(applicationRoutes);
  await app.register(repaymentRoutes);
}
