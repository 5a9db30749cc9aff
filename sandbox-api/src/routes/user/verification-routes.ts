import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_TTL_SECONDS,
  type CodeCheck,
  type CodePurpose,
  consumeCode,
  issueCode,
  lastCodeSentAt,
  loggableMessage,
  type OutboxMessage,
  queueMessage,
} from '../../lib/codes';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { assertOncePer } from '../../lib/throttle';
import { userView, userViewSchema } from '../../lib/user-view';
import { USER_COLUMNS, type UserRow } from '../../plugins/auth';
import { codeField, emptyBody, errorResponses, expiresSchema } from './schemas';

/** The two contacts a user verifies with a code; each is its code's purpose too. */
type ContactKind = Extract<CodePurpose, 'email' | 'phone'>;

/** The user's flag a verified contact sets: its column is named for the contact. */
const verifiedFlag = (kind: ContactKind) => `${kind}_verified` as const;

/** A contact's code goes to that contact: an e-mail to the address, an SMS to the phone. */
function codeMessage(kind: ContactKind, user: UserRow, code: string): OutboxMessage {
  return kind === 'email'
    ? {
        channel: 'email',
        recipient: user.email,
        body: `გამარჯობა, ${user.first_name}! თქვენი ელ-ფოსტის დადასტურების კოდია ${code}. კოდი მოქმედებს 10 წუთი.`,
      }
    : {
        channel: 'sms',
        recipient: user.phone_number,
        body: `ტელეფონის დადასტურების კოდი: ${code}. მოქმედებს 10 წუთი.`,
      };
}

const ALREADY_VERIFIED: Record<ContactKind, string> = {
  email: 'ელ-ფოსტა უკვე დადასტურებულია.',
  phone: 'ტელეფონის ნომერი უკვე დადასტურებულია.',
};

export const DEAD_CODE = 'კოდი ვადაგასულია ან მცდელობები ამოიწურა. მოითხოვეთ ახალი კოდი.';

/** A failed check in the DRF field shape, so a form shows it beside the code field. */
function codeError(check: Exclude<CodeCheck, { ok: true }>): FieldErrors {
  if (check.reason === 'wrong' && check.triesLeft > 0) {
    return new FieldErrors({
      code: [`კოდი არასწორია. დარჩენილი მცდელობები: ${check.triesLeft}.`],
    });
  }
  return new FieldErrors({ code: [DEAD_CODE] });
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const send = (path: string, kind: ContactKind) =>
    app.post(
      path,
      {
        preHandler: app.authenticate,
        schema: {
          body: emptyBody,
          response: { 200: expiresSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        const user = request.user;
        if (user[verifiedFlag(kind)]) {
          throw new HttpError(400, 'already_verified', ALREADY_VERIFIED[kind]);
        }
        const now = app.clock.now();
        const message = await app.db.transaction(async (tx) => {
          // The row lock makes two simultaneous sends take turns at the throttle.
          await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
          assertOncePer(await lastCodeSentAt(tx, user.id, kind), app.config.codeResendSeconds, now);
          const code = await issueCode(tx, { secret: app.config.jwtSecret, now }, user.id, kind);
          const out = codeMessage(kind, user, code);
          await queueMessage(tx, out, now);
          return out;
        });
        request.log.info(loggableMessage(message, app.config.mode), 'outbox: message queued');
        return { expires_in: CODE_TTL_SECONDS };
      },
    );

  const verify = (path: string, kind: ContactKind) =>
    app.post(
      path,
      {
        preHandler: app.authenticate,
        schema: {
          body: z.object({ code: codeField }).strict(),
          response: { 200: userViewSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        // Already verified: answer as a success, so a repeated submit does not show an error.
        if (request.user[verifiedFlag(kind)]) return userView(app, request.user);
        const now = app.clock.now();
        const { check, user } = await app.db.transaction(async (tx) => {
          const result = await consumeCode(
            tx,
            { secret: app.config.jwtSecret, now },
            request.user.id,
            kind,
            request.body.code,
          );
          if (!result.ok) return { check: result, user: undefined };
          const [updated] = await tx.query<UserRow & Record<string, unknown>>(
            `UPDATE users SET ${verifiedFlag(kind)} = true WHERE id = $1 RETURNING ${USER_COLUMNS}`,
            [request.user.id],
          );
          return { check: result, user: updated };
        });
        // Thrown after the commit: the try a wrong code used stays used.
        if (!check.ok) throw codeError(check);
        if (!user) throw notFound();
        return userView(app, user);
      },
    );

  send('/user/send_email_verification/', 'email');
  send('/user/send_sms/', 'phone');
  verify('/user/verify_email/', 'email');
  verify('/user/activate_phone_number/', 'phone');
};

export default routes;
