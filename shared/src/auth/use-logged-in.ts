import { useAuthStore } from 'shared/auth/auth-store';

/**
 * Whether a session exists now: what every slice asks the auth store most. A module of its
 * own, not an export of the store's: a slice released before the host that provides it uses
 * its own copy, bound to the host's one store (decision 019).
 */
export function useLoggedIn(): boolean {
  return useAuthStore((state) => state.status === 'logged-in');
}
