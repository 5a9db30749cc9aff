import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesOf, savePreferences } from '../../lib/notification-preferences';
import { feedOf, markRead, unreadCountOf } from '../../lib/notifications';
import {
  feedQuery,
  feedSchema,
  preferencesBody,
  preferencesSchema,
  readBody,
  unreadSchema,
} from './notification-schemas';
import { errorResponses } from './schemas';

/** v1.4: the customer's feed, its unread count, and their choice of channels. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: feedQuery,
        response: { 200: feedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      feedOf(app.db, request.user.id, {
        before: request.query.before ?? null,
        unread: request.query.unread === '1',
      }),
  );

  app.get(
    '/notifications/unread_count/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: unreadSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ unread: await unreadCountOf(app.db, request.user.id) }),
  );

  app.post(
    '/notifications/read/',
    {
      onRequest: app.authenticate,
      schema: {
        body: readBody,
        response: { 200: unreadSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const ids = request.body.ids ?? 'all';
      const unread = await app.db.transaction(async (tx) => {
        await markRead(tx, userId, ids, app.clock.now());
        return unreadCountOf(tx, userId);
      });
      return { unread };
    },
  );

  app.get(
    '/notification_preferences/',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: preferencesSchema, ...errorResponses(401, 403) } },
    },
    async (request) => preferencesOf(app.db, request.user.id),
  );

  app.put(
    '/notification_preferences/',
    {
      onRequest: app.authenticate,
      schema: {
        body: preferencesBody,
        response: { 200: preferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const { reminder_days: reminderDays, kinds } = request.body;
      return app.db.transaction(async (tx) => {
        await savePreferences(tx, userId, reminderDays, kinds);
        return preferencesOf(tx, userId);
      });
    },
  );
};

export default routes;
