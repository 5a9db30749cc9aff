import type { FastifyInstance } from 'fastify';
import complaintRoutes from './complaint-routes';

/** v1.2's support calls, under /api/support. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(complaintRoutes);
}
