import { SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';

/*
 * The `user` cookie (the spec's name) as the host's server sets it (issue 29): the sealed
 * session, out of every script's reach (HttpOnly), sent on the site's own navigations and
 * requests (SameSite=Lax: a link from a customer's e-mail still finds them logged in), over
 * https only when the site is (behind a TLS terminator, as its trusted proxy says).
 */

/** One `Set-Cookie` line: kept for `maxAgeSeconds`, or removed (an expiry in the past). */
function cookieLine(
  name: string,
  value: string,
  {
    httpOnly,
    secure,
    maxAgeSeconds,
  }: { httpOnly: boolean; secure: boolean; maxAgeSeconds?: number },
): string {
  return [
    `${name}=${value}`,
    'Path=/',
    ...(httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    ...(maxAgeSeconds === undefined
      ? ['Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT']
      : [`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`]),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The `Set-Cookie` value that keeps a sealed session for at most `maxAgeSeconds`. */
export function sessionCookie(sealed: string, secure: boolean, maxAgeSeconds: number): string {
  // A JWE's compact form is base64url and dots: nothing to escape in a cookie value.
  if (!/^[A-Za-z0-9._-]+$/.test(sealed)) throw new Error('not a sealed session');
  return cookieLine(SESSION_COOKIE, sealed, { httpOnly: true, secure, maxAgeSeconds });
}

/** The `Set-Cookie` value that removes the session: expired, on the root path (spec §3). */
export function clearedSessionCookie(secure: boolean): string {
  return cookieLine(SESSION_COOKIE, '', { httpOnly: true, secure });
}

/**
 * The `Set-Cookie` value of the readable companion (SIGNED_IN_COOKIE): "1", kept exactly as long
 * as the sealed cookie, so the page knows a session exists without seeing it.
 */
export function signedInCookie(secure: boolean, maxAgeSeconds: number): string {
  return cookieLine(SIGNED_IN_COOKIE, '1', { httpOnly: false, secure, maxAgeSeconds });
}

/** The `Set-Cookie` value that removes the companion with the session. */
export function clearedSignedInCookie(secure: boolean): string {
  return cookieLine(SIGNED_IN_COOKIE, '', { httpOnly: false, secure });
}
