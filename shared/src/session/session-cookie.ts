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

/** The stored session, or null when there is none or it is not one we wrote. */
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

export function saveSession(session: Session): void {
  Cookies.set(SESSION_COOKIE, JSON.stringify(session), cookieAttributes());
  announceToOtherTabs();
}

/**
 * Removing the stored user sets its expiry in the past on the root path (spec §3). The other
 * tabs hear why with the change itself (decision 022).
 */
export function clearSession(reason?: SessionEndReason): void {
  const had = readSession() !== null;
  Cookies.set(SESSION_COOKIE, '', { ...cookieAttributes(), expires: new Date(0) });
  if (had) announceToOtherTabs(reason);
}
