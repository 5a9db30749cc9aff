import Cookies from 'js-cookie';
import { requestJson } from 'shared/api/request-json';
import type { Credentials } from 'shared/api/user/token';
import {
  CSRF_COOKIE,
  LOGIN_PATH,
  LOGOUT_PATH,
  SESSION_ACTIVITY_PATH,
  SESSION_STATE_PATH,
} from 'shared/session/server-session';
import * as z from 'shared/validation/zod';

/*
 * The session's calls as the page makes them (decision 027): the host's server holds the
 * tokens, so the page sends credentials and cookies and learns only the session's clocks.
 */

/**
 * The login's, the activity's and the state's answer: the server's clocks, in seconds from the
 * moment it answered (the browser's clock may be off; a count from now is not).
 */
export const sessionStateSchema = z.object({
  /** The idle limit (`SESSION_IDLE_SECONDS`). */
  idle_seconds: z.number().check(z.positive()),
  /** Seconds until the session ends unless used. */
  idle_left_seconds: z.number().check(z.nonnegative()),
  /** Seconds until the session ends however used (`SESSION_MAX_SECONDS`). */
  max_left_seconds: z.number().check(z.nonnegative()),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** POST /api/user/api/token/ through the host: 401 `no_active_account` for wrong credentials. */
export function startSession(credentials: Credentials): Promise<SessionState> {
  return requestJson(sessionStateSchema, { method: 'POST', url: LOGIN_PATH, data: credentials });
}

/**
 * The customer did something: the server's idle clock starts again; its clocks come back.
 * Before the provider has set its csrftoken (a page just opened, its calls still on their way)
 * a write would be refused (CSRF), so the clocks are only read; the next input reports.
 */
export function reportActivity(): Promise<SessionState> {
  if (!Cookies.get(CSRF_COOKIE)) return readSessionState();
  return requestJson(sessionStateSchema, { method: 'POST', url: SESSION_ACTIVITY_PATH });
}

/** The server's clocks, without counting as activity. */
export function readSessionState(): Promise<SessionState> {
  return requestJson(sessionStateSchema, { method: 'GET', url: SESSION_STATE_PATH });
}

/** POST /api/user/logout/: the server sends the provider the refresh token and clears the cookie. */
export async function endServerSession(): Promise<void> {
  await requestJson(z.unknown(), { method: 'POST', url: LOGOUT_PATH });
}
