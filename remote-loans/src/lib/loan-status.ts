import type { Loan, LoanStatus } from 'shared/api/loan/loans';
import { toTetri } from 'shared/lib/money';

/** A money string in tetri (the provider's answers are valid money; 0 when not). */
export const tetri = (amount: string) => toTetri(amount) ?? 0;

/**
 * Nothing left to pay reads as repaid, whatever status came with it; a withdrawn loan (v1.1)
 * owes nothing either, and stays withdrawn.
 */
export function statusOf(loan: Loan): LoanStatus {
  if (loan.status === 'withdrawn') return 'withdrawn';
  return tetri(loan.outstanding) === 0 ? 'repaid' : loan.status;
}

/** A closed loan (repaid or withdrawn) takes no payment, payoff or withdrawal. */
export const isOpen = (loan: Loan) => {
  const status = statusOf(loan);
  return status === 'active' || status === 'overdue';
};

/**
 * The loans as the page lists them: the most recently issued first. The contract gives
 * GET /api/loan/loan/ no order, so the page makes its own (a moment, whatever its offset).
 */
export function newestFirst(loans: readonly Loan[]): Loan[] {
  const issued = (loan: Loan) => Date.parse(loan.issued_at);
  return [...loans].sort((a, b) => issued(b) - issued(a) || b.id - a.id);
}
