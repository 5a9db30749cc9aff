import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boundsErrors,
  boundsFor,
  calculationView,
  georgianDate,
  planLoan,
} from '../../lib/calculator';
import { FieldErrors } from '../../lib/http-errors';
import { limitFor, verificationOf } from '../../lib/verification';
import type { UserRow } from '../../plugins/auth';
import { calculationSchema, calculatorQuery, errorResponses } from './loan-schemas';

/**
 * simplejwt only looks at an Authorization header of its own type (`JWT`): any other header
 * means anonymous, while a `JWT` header with a bad token is refused rather than ignored.
 */
const sendsJwt = (request: FastifyRequest): boolean =>
  request.headers.authorization?.split(' ')[0] === 'JWT';

export default async function calculatorRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  // The contract lists this path without a trailing slash, unlike every other call.
  app.get(
    '/calculator',
    {
      // Authentication before validation, as DRF does: a bad token is a 401 even with a bad query.
      onRequest: async (request) => {
        if (sendsJwt(request)) await app.authenticate(request);
      },
      schema: {
        querystring: calculatorQuery,
        response: { 200: calculationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { amount, term } = request.query;
      const user: UserRow | null = sendsJwt(request) ? request.user : null;
      const now = app.clock.now();
      const limit = user
        ? limitFor(
            (await verificationOf(app.db, user, now, app.config.decisionDelaySeconds))
              .full_verification,
          )
        : null;
      const bounds = boundsFor(limit);
      const errors = boundsErrors(amount, term, bounds);
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      return calculationView(planLoan(amount, term, georgianDate(now)), bounds);
    },
  );
}
