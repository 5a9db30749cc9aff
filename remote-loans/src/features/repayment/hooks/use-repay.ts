import { useLoanWrite } from '../../../hooks/use-loan-write';
import { repayLoan } from '../api/repay';

/**
 * One loan's repayment: a loan write like a payoff or a withdrawal (one at a time per loan,
 * wherever on the page it was started: the card, the overdue notice, the next payment), which
 * puts the answered loan in the cache and asks the account again.
 */
export function useRepay(loanId: number) {
  return useLoanWrite(loanId, (amount: string) => repayLoan(loanId, amount));
}
