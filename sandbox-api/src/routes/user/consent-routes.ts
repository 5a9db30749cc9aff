import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentsOf, setMarketingConsent } from '../../lib/consents';
import { errorResponses } from './schemas';

const consentSchema = z.object({
  kind: z.enum(['terms', 'personal_data', 'marketing']),
  document: z.object({ id: z.int(), title: z.string(), version: z.string() }).nullable(),
  given: z.boolean(),
  given_at: z.iso.datetime().nullable(),
  withdrawn_at: z.iso.datetime().nullable(),
});

const marketingBody = z.object({ given: z.boolean() }).strict();

/** v1.2: the customer's consents; marketing is theirs to give and withdraw at any time. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consents/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: z.array(consentSchema), ...errorResponses(401, 403) } },
    },
    async (request) => consentsOf(app.db, request.user.id),
  );

  app.post(
    '/consents/marketing/',
    {
      onRequest: app.authenticate,
      schema: {
        body: marketingBody,
        response: { 200: consentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      setMarketingConsent(app.db, request.user.id, request.body.given, app.clock.now()),
  );
};

export default routes;
