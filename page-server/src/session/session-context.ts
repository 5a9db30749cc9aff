import type { SessionState } from 'shared/api/user/server-session';
import type { ServerEndReason } from 'shared/session/server-session';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import type { FastifyRequest } from '../http/static-server';
import { cookiesOf } from './provider-calls';
import { openSession, type ServerSession, type SessionLimits, sealSession } from './sealed-session';
import {
  clearedSessionCookie,
  clearedSignedInCookie,
  sessionCookie,
  signedInCookie,
} from './session-cookie';
import type { SessionKeys } from './session-keys';

/*
 * The session a request carries, and the cookies and clocks that follow from it: what the
 * session's plugins (decorator, CSRF hook, routes) and a page's render all read the same way.
 */

/** The session a request carries: none, open, or ended (and why). */
export type SessionAt =
  | { kind: 'none' }
  | { kind: 'open'; session: ServerSession }
  | { kind: 'ended'; why: ServerEndReason };

/** How long the cookies outlive the session's absolute limit (sessionCookies). */
const COOKIE_GRACE_SECONDS = 3600;

export interface SessionContext {
  /** The clock, in whole seconds. */
  nowS(): number;
  sessionOf(request: FastifyRequest): Promise<SessionAt>;
  /** The Set-Cookie values that hold `session`: the sealed cookie and its `signed_in` companion. */
  sessionCookies(request: FastifyRequest, session: ServerSession): Promise<string[]>;
  /** The Set-Cookie values that end the session in the browser. */
  clearedCookies(request: FastifyRequest): string[];
  /** The session's clocks, as the page reads them. */
  stateOf(session: ServerSession): SessionState;
}

export function sessionContext(
  keys: SessionKeys,
  limits: SessionLimits,
  nowMs: () => number,
): SessionContext {
  const nowS = () => Math.floor(nowMs() / 1000);
  const secure = (request: FastifyRequest) => request.protocol === 'https';
  return {
    nowS,
    async sessionOf(request) {
      const raw = cookiesOf(request.headers.cookie)[SESSION_COOKIE];
      if (!raw) return { kind: 'none' };
      // Only a session this server sealed: the JSON tokens an old release wrote are gone with
      // it, and a cookie made up of someone's tokens is nobody's session (issue 45).
      const opened = await openSession(raw, keys, limits, nowS());
      if (opened.kind === 'open') return { kind: 'open', session: opened.session };
      return {
        kind: 'ended',
        why: opened.kind === 'ended' && opened.why === 'idle' ? 'inactive' : 'expired',
      };
    },
    async sessionCookies(request, session) {
      // The cookies outlive the session by an hour, so the server, not the browser's expiry,
      // ends it, and the page can say why (expired, not "logged out elsewhere").
      const left = session.began + limits.maxSeconds - nowS() + COOKIE_GRACE_SECONDS;
      const sealed = await sealSession(session, keys, limits);
      return [sessionCookie(sealed, secure(request), left), signedInCookie(secure(request), left)];
    },
    clearedCookies: (request) => [
      clearedSessionCookie(secure(request)),
      clearedSignedInCookie(secure(request)),
    ],
    stateOf: (session) => ({
      idle_seconds: limits.idleSeconds,
      idle_left_seconds: Math.max(0, limits.idleSeconds - (nowS() - session.used)),
      max_left_seconds: Math.max(0, session.began + limits.maxSeconds - nowS()),
    }),
  };
}
