import type { Loan, LoanStatus } from 'shared/api/loan/loans';
import { toTetri } from 'shared/lib/money';

/** A money string in tetri (the provider's answers are valid money; 0 when not). */
export const tetri = (amount: string) => toTetri(amount) ?? 0;

/** Nothing left to pay reads as repaid, whatever status came with it. */
export function statusOf(loan: Loan): LoanStatus {
  return tetri(loan.outstanding) === 0 ? 'repaid' : loan.status;
}
