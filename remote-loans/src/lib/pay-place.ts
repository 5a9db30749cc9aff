import type { Loan } from 'shared/api/loan/loans';
import { statusOf } from './loan-status';

/** The places on the home page where a loan is paid first, each a slot of its own. */
export type PayPlace = 'overdue-notice' | 'next-payment';

/**
 * Where a loan is paid first on the home page: an overdue loan in the overdue notice, one
 * repaid on schedule in the next payment; nowhere for any other (repaid, withdrawn, unknown).
 */
export function payPlaceOf(loans: readonly Loan[], loanId: number): PayPlace | null {
  const loan = loans.find((candidate) => candidate.id === loanId);
  if (!loan) return null;
  const status = statusOf(loan);
  if (status === 'overdue') return 'overdue-notice';
  if (status === 'active') return 'next-payment';
  return null;
}
