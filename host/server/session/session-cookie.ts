import { SESSION_COOKIE } from 'shared/session/session-cookie-name';

/*
 * The `user` cookie (the spec's name) as the host's server sets it (issue 29): the sealed
 * session, out of every script's reach (HttpOnly), sent on the site's own navigations and
 * requests (SameSite=Lax: a link from a customer's e-mail still finds them logged in), over
 * https only when the site is (behind a TLS terminator, as its trusted proxy says).
 */

/** The `Set-Cookie` value that keeps a sealed session for at most `maxAgeSeconds`. */
export function sessionCookie(sealed: string, secure: boolean, maxAgeSeconds: number): string {
  // A JWE's compact form is base64url and dots: nothing to escape in a cookie value.
  if (!/^[A-Za-z0-9._-]+$/.test(sealed)) throw new Error('not a sealed session');
  return [
    `${SESSION_COOKIE}=${sealed}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The `Set-Cookie` value that removes the session: expired, on the root path (spec §3). */
export function clearedSessionCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
