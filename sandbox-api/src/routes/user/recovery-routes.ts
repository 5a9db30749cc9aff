import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import {
  CODE_TTL_SECONDS,
  consumeCode,
  issueCode,
  loggableMessage,
  type OutboxMessage,
  queueMessage,
} from '../../lib/codes';
import { fieldError } from '../../lib/http-errors';
import { forgetAllGuesses } from '../../lib/password-guesses';
import { hashPassword } from '../../lib/passwords';
import { assertOncePer } from '../../lib/throttle';
import {
  codeField,
  emptyObjectSchema,
  errorResponses,
  expiresSchema,
  passwordField,
  personalNumberField,
} from './schemas';
import { revokeSessions } from './sessions';

/** One message for every failure, so recovery never tells whether a username exists. */
export const RECOVERY_CODE_INVALID = 'კოდი არასწორია ან ვადაგასულია.';

/**
 * The account `username` names, if it may recover its password. A banned one may not (it could
 * not log in with a new password): it gets no code, and the caller answers as for no account.
 */
async function recoverableUser(
  tx: Queryable,
  username: string,
  lock: '' | 'FOR UPDATE',
): Promise<{ id: number; phone_number: string } | undefined> {
  const [user] = await tx.query<{ id: number; phone_number: string; is_banned: boolean }>(
    `SELECT id, phone_number, is_banned FROM users WHERE personal_number = $1 ${lock}`,
    [username],
  );
  return user && !user.is_banned ? user : undefined;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/reset_password/',
    {
      schema: {
        body: z.object({ username: personalNumberField }).strict(),
        response: { 200: expiresSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      const { username } = request.body;
      const now = app.clock.now();
      const message = await app.db.transaction(async (tx): Promise<OutboxMessage | undefined> => {
        // Requests for one username take turns, so two at once cannot both pass the throttle.
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('reset:' || $1))", [username]);
        // Throttled by username whether or not it is registered: a 429 reveals nothing.
        const [last] = await tx.query<{ requested_at: Date }>(
          `SELECT requested_at FROM reset_requests WHERE username = $1
            ORDER BY requested_at DESC LIMIT 1`,
          [username],
        );
        assertOncePer(
          last ? new Date(last.requested_at) : undefined,
          app.config.codeResendSeconds,
          now,
        );
        await tx.query('INSERT INTO reset_requests (username, requested_at) VALUES ($1, $2)', [
          username,
          now.toISOString(),
        ]);
        const user = await recoverableUser(tx, username, '');
        if (!user) return undefined;
        const code = await issueCode(
          tx,
          { secret: app.config.jwtSecret, now },
          user.id,
          'recovery',
        );
        const out: OutboxMessage = {
          channel: 'sms',
          recipient: user.phone_number,
          body: `პაროლის აღდგენის კოდი: ${code}. მოქმედებს 10 წუთი. თუ ეს თქვენ არ მოგითხოვიათ, არავის გაუზიაროთ.`,
        };
        await queueMessage(tx, out, now);
        return out;
      });
      if (message) {
        request.log.info(loggableMessage(message, app.config.mode), 'outbox: message queued');
      }
      return { expires_in: CODE_TTL_SECONDS };
    },
  );

  app.post(
    '/user/recovery/',
    {
      schema: {
        body: z
          .object({ username: personalNumberField, code: codeField, new_password: passwordField })
          .strict(),
        response: { 200: emptyObjectSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const { username, code, new_password } = request.body;
      const now = app.clock.now();
      // The code first: an anonymous caller with a wrong code costs one query, not a scrypt.
      // A right code is spent here, whatever happens next.
      const userId = await app.db.transaction(async (tx) => {
        const user = await recoverableUser(tx, username, 'FOR UPDATE');
        if (!user) return null;
        const check = await consumeCode(
          tx,
          { secret: app.config.jwtSecret, now },
          user.id,
          'recovery',
          code,
        );
        return check.ok ? user.id : null;
      });
      // Thrown after the commit: the try a wrong code used stays used.
      if (userId === null) throw fieldError('code', RECOVERY_CODE_INVALID);
      // Hashed outside any transaction: scrypt is slow and must not hold the database.
      const passwordHash = await hashPassword(new_password);
      await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
        // Whoever else held a session (the reason to recover, perhaps) is logged out, and the
        // owner is not kept waiting by earlier failed logins.
        await revokeSessions(tx, userId, now);
        await forgetAllGuesses(tx, username);
      });
      return {};
    },
  );
};

export default routes;
