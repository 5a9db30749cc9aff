import Cookies from 'js-cookie';
import { announceToOtherTabs } from 'shared/session/session-broadcast';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import type { SessionEndReason } from 'shared/session/session-events';
import * as z from 'shared/validation/zod';

export { SESSION_COOKIE };

export const sessionSchema = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});
export type Session = z.infer<typeof sessionSchema>;

function cookieAttributes(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'Strict', secure };
}

/*
 * Before issue 29 the page kept the provider's tokens here, as JSON in the `user` cookie. The
 * host's server keeps them now, sealed in that cookie with HttpOnly set (decision 027), so no
 * script reads it: these stay, deprecated, for releases built against them, and go a release
 * later (decision 010). Whether a session exists is shared/session/signed-in.
 */

/**
 * The stored session, or null when there is none or it is not one we wrote.
 * @deprecated Always null in a browser now: the session cookie is HttpOnly (decision 027).
 */
export function readSession(): Session | null {
  const raw = Cookies.get(SESSION_COOKIE);
  if (!raw) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** @deprecated The host's server sets the session cookie (decision 027); nothing calls this. */
export function saveSession(session: Session): void {
  Cookies.set(SESSION_COOKIE, JSON.stringify(session), cookieAttributes());
  announceToOtherTabs();
}

/**
 * Removing the stored user sets its expiry in the past on the root path (spec §3). The other
 * tabs hear why with the change itself (decision 022).
 * @deprecated The host's server clears the session cookie; the page forgets it with
 * shared/session/signed-in `forgetSignedIn`.
 */
export function clearSession(reason?: SessionEndReason): void {
  const had = readSession() !== null;
  Cookies.set(SESSION_COOKIE, '', { ...cookieAttributes(), expires: new Date(0) });
  if (had) announceToOtherTabs(reason);
}
