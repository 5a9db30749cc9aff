import { useQuery } from '@tanstack/react-query';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { loanLimitQuery, loansQuery, userQuery } from 'shared/query/account-queries';

/** The logged-in customer (GET /api/user/details/): only when an access token exists (spec §7). */
export function useUser() {
  return useQuery({ ...userQuery, enabled: useLoggedIn() });
}

/** The customer's loan limit, or undefined: a failure is ignored (spec §7). */
export function useLoanLimit() {
  return useQuery({ ...loanLimitQuery, enabled: useLoggedIn() });
}

export function useLoans() {
  return useQuery({ ...loansQuery, enabled: useLoggedIn() });
}
