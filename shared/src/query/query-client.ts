import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from 'shared/api/api-error';

/**
 * The page's one QueryClient. It lives in `shared`, a federation singleton, so the host and
 * every remote read and write the same cache (decision 010).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Every section shows its own Georgian error with a retry button; a silent retry
      // would only delay that message (the session interceptors already handle 401s).
      retry: false,
      // A reload keeps the last answer on screen (TanStack's default); answers count as
      // fresh for 30 s so moving between sections does not refetch what was just loaded.
      staleTime: 30_000,
    },
  },
});

// Every query and mutation calls the provider through requestJson, which throws ApiError only:
// components read `error.code`, `error.message` (Georgian) and `error.fieldErrors` typed.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}
