import type { FastifyInstance } from 'fastify';
import cmsRoutes from './cms/cms-routes';
import mediaRoutes from './cms/media-routes';
import loanRoutes from './loan/loan-routes';
import sandboxRoutes from './sandbox/sandbox-routes';
import supportRoutes from './support/support-routes';
import userRoutes from './user/user-routes';

/** One folder per provider area; each registers its own paths exactly as the contract lists them. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(loanRoutes, { prefix: '/api/loan' });
  await app.register(cmsRoutes, { prefix: '/api/cms' });
  await app.register(supportRoutes, { prefix: '/api/support' });
  // Outside /api: the provider's media files (slide images), as the CMS links them.
  await app.register(mediaRoutes);
  await app.register(sandboxRoutes);
}
