import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

export interface UserRow {
  id: number;
  personal_number: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  phone_number: string;
  email: string;
  password_hash: string;
  email_verified: boolean;
  phone_verified: boolean;
  is_banned: boolean;
  risk_flag: boolean;
}

/** The user columns, with the date as ISO text (drivers would make it a JS Date). */
export const USER_COLUMNS = `id, personal_number, first_name, last_name, birth_date::text AS birth_date,
  phone_number, email, password_hash, email_verified, phone_verified, is_banned, risk_flag`;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on routes that require a logged-in user. */
    user: UserRow;
    /** The session (refresh token jti) the access token belongs to, when it names one. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: `Authorization: JWT <access>` → request.user, else the contract's 401/403. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const notAuthenticated = () =>
  new HttpError(401, 'not_authenticated', 'ავტორიზაციის მონაცემები არ არის მოწოდებული.');
const tokenNotValid = () =>
  new HttpError(401, 'token_not_valid', 'ტოკენი არავალიდურია ან ვადაგასულია.');

/** simplejwt semantics: a missing header is not_authenticated, a bad token token_not_valid. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null as unknown as UserRow);
    app.decorateRequest('sessionId', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw notAuthenticated();
      const [scheme, token, extra] = header.split(' ');
      if (scheme !== 'JWT' || !token || extra !== undefined) throw notAuthenticated();
      const claims = await app.tokens.verify('access', token);
      if (!claims) throw tokenNotValid();
      // A session ends when it ends: once its refresh token is spent (logout, a password change
      // elsewhere, a recovery, a refresh that replaced it), its access tokens are refused too.
      // (A token expired early by the development helper /__sandbox/tokens/expire is refused
      // as an expired one is.)
      const [user] = await app.db.query<
        UserRow & { session_ended: boolean; expired_early: boolean } & Record<string, unknown>
      >(
        `SELECT ${USER_COLUMNS},
           EXISTS (SELECT 1 FROM token_blacklist WHERE jti = $2::text) AS session_ended,
           EXISTS (SELECT 1 FROM expired_access_tokens WHERE jti = $3) AS expired_early
           FROM users WHERE id = $1`,
        [claims.userId, claims.sessionId ?? null, claims.jti],
      );
      if (!user || user.session_ended || user.expired_early) throw tokenNotValid();
      if (user.is_banned) throw new HttpError(403, 'banned_user', 'თქვენი ანგარიში დაბლოკილია.');
      request.user = user;
      request.sessionId = claims.sessionId ?? null;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
