import { useContext } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { ServerLoggedInContext } from 'shared/auth/server-logged-in';

/**
 * Whether a session exists now: what every slice asks the auth store most. A module of its
 * own, not an export of the store's: a slice released before the host that provides it uses
 * its own copy, bound to the host's one store (decision 019). On the server, the page's own
 * audience answers (server-logged-in).
 */
export function useLoggedIn(): boolean {
  const onServer = useContext(ServerLoggedInContext);
  const stored = useAuthStore((state) => state.status === 'logged-in');
  return onServer ?? stored;
}
