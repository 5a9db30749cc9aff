/*
 * What each route middleware decides, from the address and whether the visitor is logged in:
 * the router runs them in the browser and on the server (middleware.ts), and the page server
 * runs them itself before it has a page rendered, so a redirect is never a render worker's word
 * (decision 032). No store, no router here: only the rule.
 */

/** A middleware's decision: where to send the visitor instead, or nothing to go on. */
export type MiddlewareRule = (context: { url: URL; loggedIn: boolean }) => string | undefined;

/** Needs a logged-in user; otherwise back to / with the login form offered. */
const auth: MiddlewareRule = ({ url, loggedIn }) =>
  loggedIn ? undefined : `/?login=1&next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;

/** Pages for visitors only (password recovery): a logged-in user goes home. */
const guest: MiddlewareRule = ({ loggedIn }) => (loggedIn ? '/' : undefined);

const rules: Readonly<Record<string, MiddlewareRule>> = { auth, guest };

export type MiddlewareOutcome =
  | { kind: 'through' }
  | { kind: 'redirect'; location: string }
  /** A route names a middleware that does not exist: a configuration bug, never skipped. */
  | { kind: 'unknown'; name: string };

/** The named middleware in order: the first redirect, or through. */
export function middlewareOutcome(
  names: readonly string[],
  url: URL,
  loggedIn: boolean,
): MiddlewareOutcome {
  for (const name of names) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) return { kind: 'unknown', name };
    const location = rule({ url, loggedIn });
    if (location !== undefined) return { kind: 'redirect', location };
  }
  return { kind: 'through' };
}
