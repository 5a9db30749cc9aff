import type { Credentials } from 'shared/api/user/token';
import { useAuthStore } from 'shared/auth/auth-store';
import { useWrite } from 'shared/query/use-write';

/**
 * Logging in through the page's one auth store, which stores the session and loads the
 * customer's data (user, limit, loans) into the cache before it resolves.
 */
export function useLogin() {
  return useWrite({
    mutationKey: ['account', 'login'],
    mutationFn: async (credentials: Credentials) => {
      await useAuthStore.getState().login(credentials);
      return true as const;
    },
  });
}
