import Cookies from 'js-cookie';
import { SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { announceToOtherTabs } from 'shared/session/session-broadcast';
import type { SessionEndReason } from 'shared/session/session-events';

/*
 * Whether this browser holds a session (decision 027). The session itself is the host's server's:
 * sealed in the HttpOnly `user` cookie, which no script reads. Beside it the server keeps a
 * readable companion holding nothing secret, which is what the page, and every tab of it,
 * reads here.
 */

/** Whether the server said this browser has a session. */
export function isSignedIn(): boolean {
  return Cookies.get(SIGNED_IN_COOKIE) === '1';
}

/** The session began in this tab (the server set its cookies): the other tabs follow. */
export function announceSignedIn(): void {
  announceToOtherTabs();
}

/**
 * The session ended here: the page stops saying it has one at once, before the server's answer
 * clears both cookies, and the other tabs hear why.
 */
export function forgetSignedIn(reason?: SessionEndReason): void {
  const had = isSignedIn();
  Cookies.remove(SIGNED_IN_COOKIE, { path: '/' });
  if (had) announceToOtherTabs(reason);
}
