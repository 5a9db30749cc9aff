import { data, redirect } from 'react-router-dom';
import { useAuthStore } from 'shared/auth/auth-store';
import { kaHost } from '../../words/ka-host';

/** A route middleware: returns a redirect to send the visitor elsewhere, or nothing to go on. */
export type Middleware = (context: { request: Request }) => Response | undefined;

/** Needs a logged-in user; otherwise back to / with the login form offered. */
const auth: Middleware = ({ request }) => {
  if (useAuthStore.getState().status === 'logged-in') return undefined;
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  return redirect(`/?login=1&next=${encodeURIComponent(next)}`);
};

/** Pages for visitors only (password recovery): a logged-in user goes home. */
const guest: Middleware = () =>
  useAuthStore.getState().status === 'logged-in' ? redirect('/') : undefined;

const registry: Readonly<Record<string, Middleware>> = { auth, guest };

/**
 * Runs the named middleware in order. An unknown name is a configuration bug: the page shows
 * status 500 with 'Unknown middleware NAME' rather than silently skipping a guard.
 */
export function runMiddleware(names: readonly string[], request: Request): void {
  for (const name of names) {
    const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!middleware)
      throw data({ message: `${kaHost.errors.unknownMiddleware} ${name}` }, { status: 500 });
    const outcome = middleware({ request });
    if (outcome) throw outcome;
  }
}
