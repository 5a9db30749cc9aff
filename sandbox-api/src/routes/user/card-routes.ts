import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardView, loadCards, removeCard } from '../../lib/cards';
import { notFound } from '../../lib/http-errors';
import { idParams, parseId } from '../loan/loan-schemas';
import { cardSchema } from '../loan/payment-order-schemas';
import { errorResponses } from './schemas';

/** v1.3: the cards a customer saved at the bank, and removing one. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cards/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: z.array(cardSchema), ...errorResponses(401, 403) } },
    },
    async (request) => (await loadCards(app.db, request.user.id)).map(cardView),
  );

  app.delete(
    '/cards/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const removed = await app.db.transaction((tx) =>
        removeCard(tx, request.user.id, id, app.clock.now()),
      );
      if (!removed) throw notFound();
      return reply.code(204).send();
    },
  );
};

export default routes;
