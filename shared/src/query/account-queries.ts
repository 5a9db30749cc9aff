import { queryOptions } from '@tanstack/react-query';
import { fetchLoans } from 'shared/api/loan/loans';
import { fetchCards } from 'shared/api/user/cards';
import { fetchLoanLimit } from 'shared/api/user/loan-limit';
import { fetchUserDetails, type User } from 'shared/api/user/user-details';
import { queryClient } from 'shared/query/query-client';

/**
 * Query keys of the logged-in customer's data. Everything under `account` belongs to one
 * session: the auth store clears the whole client when the session ends.
 */
export const accountKeys = {
  all: ['account'] as const,
  user: ['account', 'user'] as const,
  loanLimit: ['account', 'loan-limit'] as const,
  loans: ['account', 'loans'] as const,
};

export const userQuery = queryOptions({
  queryKey: accountKeys.user,
  queryFn: ({ signal }) => fetchUserDetails(signal),
});

/** Spec §7: loan limit failures are ignored; whoever reads it shows nothing on an error. */
export const loanLimitQuery = queryOptions({
  queryKey: accountKeys.loanLimit,
  queryFn: ({ signal }) => fetchLoanLimit(signal),
});

export const loansQuery = queryOptions({
  queryKey: accountKeys.loans,
  queryFn: ({ signal }) => fetchLoans(signal),
});

/** v1.3: the saved cards, listed in the account panel and offered when paying. */
export const cardsQuery = queryOptions({
  // Under `account`, so it is cleared with the session (accountKeys keeps its 0.1 shape).
  queryKey: [...accountKeys.all, 'cards'] as const,
  queryFn: ({ signal }) => fetchCards(signal),
});

/**
 * Spec §4: after login (and for a session restored from the cookie) user data, loan limit and
 * loans are loaded. Prefetching never throws; each section shows its own failure.
 */
export function prefetchAccount(): Promise<void> {
  return Promise.all([
    queryClient.prefetchQuery(userQuery),
    queryClient.prefetchQuery(loanLimitQuery),
    queryClient.prefetchQuery(loansQuery),
  ]).then(() => undefined);
}

/** A call that answers with the customer (verification, profile update) keeps the cache current. */
export function setUserData(user: User): void {
  queryClient.setQueryData(accountKeys.user, user);
}

/** After anything that changes what the customer owes or may borrow. */
export function invalidateAccount(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKeys.all });
}
