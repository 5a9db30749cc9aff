import type { Loan } from 'shared/api/loan/loans';
import { toTetri } from 'shared/lib/money';

export const REPAY_CHOICES = ['next', 'overdue', 'full', 'other'] as const;
export type RepayChoice = (typeof REPAY_CHOICES)[number];

/**
 * What the provider says is overdue, as far as a repayment needs it: which loan, its penalty
 * and its total due. Declared here, so paying knows nothing of where the answer is shown.
 */
export interface OverdueFigures {
  loan: number;
  penalty: string;
  total_due: string;
}

/** What one loan's repayment may be, in whole tetri (never floats). */
export interface RepaymentTerms {
  loanId: number;
  outstanding: number;
  /** Accrued penalty, paid first; 0 unless the overdue answer is about this loan. */
  penalty: number;
  /** The first unpaid row's remainder; null when the provider names none. */
  next: number | null;
  /** Overdue amount + penalty, when the overdue answer is about this loan. */
  totalDue: number | null;
  /** The provider's bounds (v1.1): from 0.01 up to all that is owed with the penalty. */
  min: number;
  max: number;
}

/** Money strings here are the contract's (validated by zod), so a null is only defensive. */
const tetri = (amount: string | null | undefined): number | null =>
  amount == null ? null : toTetri(amount);

export function repaymentTerms(
  loan: Loan,
  overdue: OverdueFigures | null | undefined,
): RepaymentTerms {
  const own = overdue && overdue.loan === loan.id ? overdue : null;
  const outstanding = tetri(loan.outstanding) ?? 0;
  const penalty = tetri(own?.penalty) ?? 0;
  return {
    loanId: loan.id,
    outstanding,
    penalty,
    next: tetri(loan.next_payment_amount),
    totalDue: own ? tetri(own.total_due) : null,
    // v1.1: any amount from 0.01; what is below the penalty goes to the penalty.
    min: 1,
    max: outstanding + penalty,
  };
}

/**
 * The choices offered for a loan, in order. The next payment is left out when it is outside the
 * bounds or the same figure as another choice; the overdue total only for the overdue loan.
 */
export function availableChoices(terms: RepaymentTerms): RepayChoice[] {
  const choices: RepayChoice[] = [];
  const { next, totalDue, min, max } = terms;
  if (next !== null && next >= min && next <= max && next !== max && next !== totalDue) {
    choices.push('next');
  }
  if (totalDue !== null && totalDue >= min && totalDue <= max) choices.push('overdue');
  choices.push('full', 'other');
  return choices;
}

const TYPED_AMOUNT = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/** What the customer typed ("150", "150,5", "150.50") in tetri; null when it is not an amount. */
export function parseTypedAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!TYPED_AMOUNT.test(trimmed)) return null;
  return toTetri(trimmed.replace(',', '.'));
}

/** The amount a choice stands for, in tetri; null for "other" with nothing valid typed. */
export function amountOf(choice: RepayChoice, terms: RepaymentTerms, typed: string): number | null {
  switch (choice) {
    case 'next':
      return terms.next;
    case 'overdue':
      return terms.totalDue;
    case 'full':
      return terms.max;
    case 'other':
      return parseTypedAmount(typed);
  }
}
