import { useQueryClient } from '@tanstack/react-query';
import type { Loan } from 'shared/api/loan/loans';
import { accountKeys, invalidateAccount } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';

/**
 * Every write that moves a loan's money (repay, pay off, withdraw) shares this key: one of them
 * at a time per loan, wherever on the page it was started (useWrite's guard).
 */
export const loanWriteKey = (id: number) => ['loan-write', id] as const;

/**
 * A write the provider answers with the loan as it now stands. The answer replaces the cached
 * loan at once (a loan paid off reads as closed without waiting), then everything under
 * `account` is asked again (loans, limit, user, overdue). A loan the provider says is closed
 * is shown as such.
 */
export function useLoanWrite<V = void>(loanId: number, write: (variables: V) => Promise<Loan>) {
  const queryClient = useQueryClient();
  return useWrite<Loan, V>({
    mutationKey: loanWriteKey(loanId),
    mutationFn: write,
    onSuccess: (loan) => {
      queryClient.setQueryData<Loan[]>(accountKeys.loans, (loans) =>
        loans?.map((cached) => (cached.id === loan.id ? loan : cached)),
      );
      void invalidateAccount();
    },
    onError: (error) => {
      if (error.code === 'loan_closed') void invalidateAccount();
    },
  });
}
