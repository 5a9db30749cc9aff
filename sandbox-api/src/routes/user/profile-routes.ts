import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress } from '../../lib/client-address';
import { revokeCodes } from '../../lib/codes';
import { fieldError, notFound } from '../../lib/http-errors';
import { admitGuess, forgiveGuesses, guessLimits } from '../../lib/password-guesses';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { userView, userViewSchema } from '../../lib/user-view';
import { limitFor, verificationOf } from '../../lib/verification';
import { USER_COLUMNS, type UserRow } from '../../plugins/auth';
import { money } from '../loan/loan-schemas';
import { emailField, emptyObjectSchema, errorResponses, nameField, passwordField } from './schemas';
import { revokeSessions } from './sessions';

const patchBody = z
  .object({
    first_name: nameField.optional(),
    last_name: nameField.optional(),
    email: emailField.optional(),
  })
  .strict();

const changePasswordBody = z
  .object({ old_password: z.string().min(1).max(512), new_password: passwordField })
  .strict();

const limitSchema = z.object({ amount_limit: money, term_limit: z.array(z.int()) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/details/',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: userViewSchema, ...errorResponses(401, 403) } },
    },
    async (request) => userView(app, request.user),
  );

  app.patch(
    '/user/:id/',
    {
      preHandler: app.authenticate,
      schema: {
        params: z.object({ id: z.string().max(64) }),
        body: patchBody,
        response: { 200: userViewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // The provider's queryset holds only the caller: any other id, or no id, is not found.
      const { id } = request.params;
      if (!/^\d{1,10}$/.test(id) || Number(id) !== request.user.id) throw notFound();
      const { first_name, last_name, email } = request.body;
      const user = await app.db.transaction(async (tx) => {
        const [before] = await tx.query<{ email: string }>(
          'SELECT email FROM users WHERE id = $1 FOR UPDATE',
          [request.user.id],
        );
        const emailChanged = email !== undefined && email !== before?.email;
        const [updated] = await tx.query<UserRow & Record<string, unknown>>(
          `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
             email = COALESCE($4, email), email_verified = email_verified AND NOT $5
           WHERE id = $1 RETURNING ${USER_COLUMNS}`,
          [request.user.id, first_name ?? null, last_name ?? null, email ?? null, emailChanged],
        );
        // A code sent to the old address must not verify the new one.
        if (emailChanged) await revokeCodes(tx, request.user.id, 'email');
        return updated;
      });
      if (!user) throw notFound();
      return userView(app, user);
    },
  );

  app.post(
    '/user/change_password/',
    {
      preHandler: app.authenticate,
      schema: {
        body: changePasswordBody,
        response: { 200: emptyObjectSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { old_password, new_password } = request.body;
      const { id, personal_number: username } = request.user;
      const now = app.clock.now();
      // The old password is a password guess like a login's, limited by the same counts: a
      // stolen access token must not become a way to find the password.
      const guess = { username, address: clientAddress(request, app.config.proxySecret) };
      await admitGuess(app.db, guessLimits(app.config), guess, now);
      if (!(await verifyPassword(old_password, request.user.password_hash))) {
        throw fieldError('old_password', 'მიმდინარე პაროლი არასწორია.');
      }
      const passwordHash = await hashPassword(new_password);
      await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
        await forgiveGuesses(tx, guess);
        // Every other session ends, as after a recovery: whoever else knew the old password
        // (the reason to change it, perhaps) is logged out. This one carries on.
        await revokeSessions(tx, id, now, request.sessionId);
      });
      return {};
    },
  );

  app.get(
    '/user/loan_limit/',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: limitSchema, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const { full_verification } = await verificationOf(
        app.db,
        request.user,
        app.clock.now(),
        app.config.decisionDelaySeconds,
      );
      return limitFor(full_verification);
    },
  );
};

export default routes;
