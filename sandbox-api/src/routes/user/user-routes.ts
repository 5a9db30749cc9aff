import type { FastifyInstance } from 'fastify';
import authRoutes from './auth-routes';
import cardRoutes from './card-routes';
import consentRoutes from './consent-routes';
import deviceLogRoutes from './device-log-routes';
import notificationRoutes from './notification-routes';
import photoRoutes from './photo-routes';
import profileRoutes from './profile-routes';
import recoveryRoutes from './recovery-routes';
import verificationRoutes from './verification-routes';

/** The contract's "Users and auth" calls, under the /api/user prefix it is registered with. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(verificationRoutes);
  await app.register(recoveryRoutes);
  await app.register(photoRoutes);
  await app.register(deviceLogRoutes);
  await app.register(consentRoutes);
  // v1.3: saved cards.
  await app.register(cardRoutes);
  // v1.4: notifications and the choice of channels.
  await app.register(notificationRoutes);
}
