import { data, redirect } from 'react-router-dom';
import { middlewareOutcome } from 'release-contract/middleware-rules';
import { useAuthStore } from 'shared/auth/auth-store';
import { kaHost } from '../../words/ka-host';

/**
 * Runs the named middleware in order, as a route's loader: a redirect is thrown for the router
 * to follow. An unknown name is a configuration bug: the page shows status 500 with 'Unknown
 * middleware NAME' rather than silently skipping a guard.
 */
export function runMiddleware(names: readonly string[], request: Request): void {
  const loggedIn = useAuthStore.getState().status === 'logged-in';
  const outcome = middlewareOutcome(names, new URL(request.url), loggedIn);
  if (outcome.kind === 'unknown') {
    throw data({ message: `${kaHost.errors.unknownMiddleware} ${outcome.name}` }, { status: 500 });
  }
  if (outcome.kind === 'redirect') throw redirect(outcome.location);
}
