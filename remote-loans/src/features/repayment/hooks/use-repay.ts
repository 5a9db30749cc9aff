import { useQueryClient } from '@tanstack/react-query';
import type { Loan } from 'shared/api/loan/loans';
import { accountKeys, invalidateAccount } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import { repayLoan, repayMutationKey } from '../api/repay';

/**
 * One loan's repayment. On success the loan the provider answered replaces the cached one at
 * once (a loan at zero reads as repaid without waiting), then everything under `account` is
 * asked again: loans, limit, user, applications and the overdue answer, which lives there too.
 * The refetch is not awaited: the payment is done, and the customer hears so straight away.
 * One payment of a loan at a time, wherever on the page it is open (its card, the overdue
 * notice, the next payment): they share the mutation key.
 */
export function useRepay(loanId: number) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationKey: repayMutationKey(loanId),
    mutationFn: (amount: string) => repayLoan(loanId, amount),
    onSuccess: (loan) => {
      queryClient.setQueryData<Loan[]>(accountKeys.loans, (loans) =>
        loans?.map((cached) => (cached.id === loan.id ? loan : cached)),
      );
      void invalidateAccount();
    },
    onError: (error) => {
      // The provider knows better than the page: a loan closed meanwhile is shown as such.
      if (error.code === 'loan_closed') void invalidateAccount();
    },
  });
}
