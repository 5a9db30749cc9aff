import Cookies from 'js-cookie';
import { useAuthStore } from 'shared/auth/auth-store';
import { SIGNED_IN_COOKIE } from 'shared/session/server-session';

/*
 * The session as tests see it (decision 027). In the product the host's server holds it in the
 * HttpOnly `user` cookie and authorises the page's calls with it; the page reads only the
 * companion SIGNED_IN_COOKIE. jsdom has no such server, so the mock handlers stand in for it:
 * a call is authorised while the companion is set, as the server's would be while its cookie is,
 * or while the store has a session (a test that logs in with `setSession`).
 */

/** The clocks the mock server answers: a fresh session under the default limits. */
export const SESSION_STATE = {
  idle_seconds: 900,
  idle_left_seconds: 900,
  max_left_seconds: 43_200,
} as const;

/** What the server's Set-Cookie does at login: the browser holds a session from now on. */
export function holdSession(): void {
  Cookies.set(SIGNED_IN_COOKIE, '1', { path: '/' });
}

/** What the server's cleared cookies do: the browser holds no session. */
export function dropSession(): void {
  Cookies.remove(SIGNED_IN_COOKIE, { path: '/' });
}

/** Whether the host's server would find a session on a call now. */
export function sessionHeld(): boolean {
  if (useAuthStore.getState().status === 'logged-in') return true;
  return typeof document !== 'undefined' && Cookies.get(SIGNED_IN_COOKIE) === '1';
}

/** What the provider's first answer does: its csrftoken cookie, which every write then carries. */
export function holdCsrfToken(value = 'csrf-1'): void {
  Cookies.set('csrftoken', value, { path: '/' });
}
