import { fromTetri, type Tetri } from './money';
import { PRODUCT } from './products';

/** The key terms of an offer (v1.2's LoanContract.key_terms), as decimal strings. */
export interface KeyTerms {
  amount: string;
  term: number;
  monthly_payment: string;
  total_payment: string;
  total_interest: string;
  service_fee: string;
  interest_rate: string;
  effective_interest_rate: string;
}

/** A plan's figures the key terms are drawn from (the calculator's plan has its schedule too). */
export interface PlanFigures {
  amount: Tetri;
  term: number;
  monthlyPayment: Tetri;
  serviceFee: Tetri;
  totalPayment: Tetri;
  totalInterest: Tetri;
  /** Annual percentage with two places, e.g. "38.47". */
  effectiveRate: string;
}

/** The key terms of a calculator plan, at the product's rates: what the customer is offered. */
export function keyTermsOf(plan: PlanFigures): KeyTerms {
  return {
    amount: fromTetri(plan.amount),
    term: plan.term,
    monthly_payment: fromTetri(plan.monthlyPayment),
    total_payment: fromTetri(plan.totalPayment),
    total_interest: fromTetri(plan.totalInterest),
    service_fee: fromTetri(plan.serviceFee),
    interest_rate: PRODUCT.nominalAnnualRate,
    effective_interest_rate: plan.effectiveRate,
  };
}

/**
 * The key-term columns an application stores with its offer, in this order:
 * monthly_payment, total_payment, total_interest, service_fee, interest_rate,
 * effective_interest_rate.
 */
export const KEY_TERM_COLUMNS =
  'monthly_payment, total_payment, total_interest, service_fee, interest_rate, effective_interest_rate';

export const keyTermValues = (terms: KeyTerms): string[] => [
  terms.monthly_payment,
  terms.total_payment,
  terms.total_interest,
  terms.service_fee,
  terms.interest_rate,
  terms.effective_interest_rate,
];
