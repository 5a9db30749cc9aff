import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress } from '../../lib/client-address';
import { loggableMessage, queueMessage } from '../../lib/codes';
import { FieldErrors, HttpError } from '../../lib/http-errors';
import { admitGuess, forgiveGuesses, guessLimits } from '../../lib/password-guesses';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { admitRegistration } from '../../lib/registration-attempts';
import {
  dateField,
  emailField,
  errorResponses,
  nameField,
  passwordField,
  personalNumberField,
  phoneField,
} from './schemas';
import { blacklist, issueSession } from './sessions';

export const noActiveAccount = () =>
  new HttpError(401, 'no_active_account', 'მითითებული მონაცემებით აქტიური ანგარიში ვერ მოიძებნა.');
export const tokenNotValid = () =>
  new HttpError(401, 'token_not_valid', 'ტოკენი არავალიდურია ან ვადაგასულია.');
export const bannedUser = () => new HttpError(403, 'banned_user', 'თქვენი ანგარიში დაბლოკილია.');

/** Georgia keeps UTC+4 all year: "today" for the age rule is the date in Tbilisi. */
export function tbilisiDate(now: Date): string {
  return new Date(now.getTime() + 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** 18 or older on `today`; someone born on 29 February comes of age on 1 March. */
export function isAdult(birthDate: string, today: string): boolean {
  const eighteenth = `${String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0')}${birthDate.slice(4)}`;
  return eighteenth <= today;
}

const UNKNOWN_FIELD = 'უცნობი ველი.';

// A form sends the id as text, JSON as a number.
const termsId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z.int().positive().max(2_147_483_647),
);

// A form sends a box as "true" or "false", JSON as a boolean.
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

const registerBody = z
  .object({
    personal_number: personalNumberField,
    first_name: nameField,
    last_name: nameField,
    birth_date: dateField,
    phone_number: phoneField,
    email: emailField,
    password: passwordField,
    password_confirm: z.string().max(512),
    terms_of_contract: termsId,
    // v1.1: the personal-data notice, accepted apart from the terms.
    personal_data_consent: termsId,
    // v1.2: marketing, a third box apart from the two required ones, unchecked by default.
    marketing_consent: flag.default(false),
  })
  .strict();

const tokenBody = z
  .object({ username: z.string().min(1).max(150), password: z.string().min(1).max(512) })
  .strict();
const refreshBody = z.object({ refresh: z.string().min(1).max(4096) }).strict();
/** Signed JWTs: never empty. */
const pairSchema = z.object({ access: z.string().min(1), refresh: z.string().min(1) });

/**
 * Registration is a multipart form in the contract; a JSON body is accepted too. The form's
 * fields are gathered into `request.body` before validation, so both go through one schema.
 */
async function formFieldsToBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Registration has no files: refused at once, unread. An anonymous caller must not
        // make the sandbox hold up to three 5 MiB files before a single field is checked.
        throw new FieldErrors({ [part.fieldname]: [UNKNOWN_FIELD] });
      } else {
        // Django's QueryDict answers the last value of a repeated field.
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin's own limits (413) pass on; a broken form is the client's, not ours.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new HttpError(400, 'parse_error', 'მოთხოვნის ფორმა არასწორია.');
  }
  request.body = fields;
}

// Unknown usernames still cost one scrypt, so timing does not tell which ones exist.
let dummyHash: Promise<string> | undefined;

const TAKEN = 'ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.';

const routes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The owner of a personal number someone tried to register again hears of it by SMS: it may
   * be them (then they know to log in or recover), or someone who knows their number.
   */
  const warnOwner = async (phone: string, now: Date) => {
    const when = `${tbilisiDate(now)} ${new Date(now.getTime() + 4 * 3_600_000).toISOString().slice(11, 16)}`;
    const message = {
      channel: 'sms' as const,
      purpose: 'security' as const,
      recipient: phone,
      body: `${when}-ზე სცადეს ახალი ანგარიშის გახსნა თქვენი პირადი ნომრით. თუ ეს თქვენ არ იყავით, არაფერია გასაკეთებელი — ანგარიში არ შექმნილა. თუ პაროლი დაგავიწყდათ, აღადგინეთ იგი.`,
    };
    await queueMessage(app.db, message, now);
    app.log.info(loggableMessage(message, app.config.mode), 'outbox: message queued');
  };

  app.post(
    '/register/',
    {
      preValidation: formFieldsToBody,
      schema: {
        body: registerBody,
        response: {
          201: z.object({ id: z.int() }),
          ...errorResponses(400, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = app.clock.now();
      await admitRegistration(
        app.db,
        app.config,
        clientAddress(request, app.config.proxySecret),
        now,
      );
      const errors: Record<string, string[]> = {};
      const today = tbilisiDate(now);
      if (body.birth_date < '1900-01-01' || body.birth_date > today) {
        errors.birth_date = ['დაბადების თარიღი არასწორია.'];
      } else if (!isAdult(body.birth_date, today)) {
        errors.birth_date = ['რეგისტრაცია შესაძლებელია მხოლოდ 18 წლის ასაკიდან.'];
      }
      if (body.password !== body.password_confirm) {
        errors.password_confirm = ['პაროლები არ ემთხვევა.'];
      }
      const [terms] = await app.db.query<{ id: number }>(
        `SELECT id FROM terms_of_contract WHERE contact_type = 2
          ORDER BY published_at DESC, id DESC LIMIT 1`,
      );
      if (terms?.id !== body.terms_of_contract) {
        errors.terms_of_contract = ['დაეთანხმეთ რეგისტრაციის მოქმედ პირობებს.'];
      }
      const [notice] = await app.db.query<{ id: number }>(
        `SELECT id FROM terms_of_contract WHERE contact_type = 3
          ORDER BY published_at DESC, id DESC LIMIT 1`,
      );
      if (notice?.id !== body.personal_data_consent) {
        errors.personal_data_consent = [
          'დაეთანხმეთ პერსონალურ მონაცემთა დამუშავების მოქმედ პირობებს.',
        ];
      }
      // Whether the number is taken is said only to an otherwise valid registration (a probe
      // with a deliberate mistake learns nothing), which has cost a throttled attempt.
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      const [existing] = await app.db.query<{ phone_number: string }>(
        'SELECT phone_number FROM users WHERE personal_number = $1',
        [body.personal_number],
      );
      if (existing) {
        await warnOwner(existing.phone_number, now);
        throw new FieldErrors({ personal_number: [TAKEN] });
      }

      // Hashed before the transaction: scrypt is slow and must not hold the database.
      const passwordHash = await hashPassword(body.password);
      const [created] = await app.db.transaction((tx) =>
        tx.query<{ id: number }>(
          `INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email,
             password_hash, registration_terms_id, personal_data_consent_id, personal_data_consented_at,
             created_at, marketing_consent_given_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $10::timestamptz,
                   CASE WHEN $11::boolean THEN $10::timestamptz END)
           ON CONFLICT (personal_number) DO NOTHING RETURNING id`,
          [
            body.personal_number,
            body.first_name,
            body.last_name,
            body.birth_date,
            body.phone_number,
            body.email,
            passwordHash,
            body.terms_of_contract,
            body.personal_data_consent,
            app.clock.now().toISOString(),
            body.marketing_consent,
          ],
        ),
      );
      // Another registration of the same number won the race since the check above.
      if (!created) throw new FieldErrors({ personal_number: [TAKEN] });
      return reply.code(201).send({ id: created.id });
    },
  );

  app.post(
    '/api/token/',
    {
      schema: {
        body: tokenBody,
        response: { 200: pairSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      // No account can have another shape, and login_attempts keeps 11 characters.
      if (!/^\d{11}$/.test(username)) throw noActiveAccount();
      const now = app.clock.now();
      const guess = { username, address: clientAddress(request, app.config.proxySecret) };
      await admitGuess(app.db, guessLimits(app.config), guess, now);
      const [user] = await app.db.query<{ id: number; password_hash: string; is_banned: boolean }>(
        'SELECT id, password_hash, is_banned FROM users WHERE personal_number = $1',
        [username],
      );
      dummyHash ??= hashPassword('not-a-password-1');
      const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
      // The guess stays recorded as a failure.
      if (!user || !valid) throw noActiveAccount();
      // Only someone who knows the password learns of the ban; the client then clears the session.
      if (user.is_banned) throw bannedUser();
      return app.db.transaction(async (tx) => {
        await forgiveGuesses(tx, guess);
        return issueSession(tx, app, user.id);
      });
    },
  );

  app.post(
    '/token/refresh/',
    {
      schema: {
        body: refreshBody,
        response: { 200: pairSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const claims = await app.tokens.verify('refresh', request.body.refresh);
      if (!claims) throw tokenNotValid();
      return app.db.transaction(async (tx) => {
        // Rotation: the presented token is spent, whatever happens next.
        if (!(await blacklist(tx, claims.jti, claims.expiresAt))) throw tokenNotValid();
        const [user] = await tx.query<{ is_banned: boolean }>(
          'SELECT is_banned FROM users WHERE id = $1',
          [claims.userId],
        );
        if (!user) throw tokenNotValid();
        if (user.is_banned) throw bannedUser();
        return issueSession(tx, app, claims.userId);
      });
    },
  );

  // Like simplejwt's TokenBlacklistView, logout needs only the refresh token: an expired
  // access token must not stop a user from ending the session.
  app.post(
    '/logout/',
    {
      schema: {
        body: refreshBody,
        response: { 205: z.undefined(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const claims = await app.tokens.verify('refresh', request.body.refresh);
      if (!claims) throw tokenNotValid();
      const fresh = await app.db.transaction((tx) => blacklist(tx, claims.jti, claims.expiresAt));
      if (!fresh) throw tokenNotValid();
      return reply.code(205).send();
    },
  );
};

export default routes;
