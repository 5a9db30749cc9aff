import type { ReactNode } from 'react';
import type { LoanFigures } from 'shared/api/loan/loan-figures';
import { formatMoney, formatPercent } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { kaLoanFigures as t } from 'shared/strings/ka-loan-figures';

export type LoanFigureKey = Extract<keyof LoanFigures, string>;

/** The regulated order: what is borrowed, for how long, what it costs, and its rates last. */
export const LOAN_FIGURES: readonly LoanFigureKey[] = [
  'amount',
  'term',
  'monthly_payment',
  'total_payment',
  'total_interest',
  'service_fee',
  'interest_rate',
  'effective_interest_rate',
];

const LABELS: Record<LoanFigureKey, string> = {
  amount: t.amount,
  term: t.term,
  monthly_payment: t.monthlyPayment,
  total_payment: t.totalPayment,
  total_interest: t.totalInterest,
  service_fee: t.serviceFee,
  interest_rate: t.interestRate,
  effective_interest_rate: t.effectiveRate,
};

function figureText(key: LoanFigureKey, figures: LoanFigures): string {
  if (key === 'term') return format(t.months, { count: figures.term });
  if (key === 'interest_rate' || key === 'effective_interest_rate')
    return formatPercent(figures[key]);
  return formatMoney(figures[key]);
}

/**
 * A loan's regulated figures as a description list, in the regulated words: an offer's, the
 * key-terms sheet's, an accepted contract's. Each place picks its rows (in the regulated order)
 * and styles them; `children` adds its own facts after them.
 */
export function LoanFiguresList({
  figures,
  rows = LOAN_FIGURES,
  className,
  rowClassName,
  labels,
  children,
}: {
  figures: LoanFigures;
  rows?: readonly LoanFigureKey[];
  className?: string;
  rowClassName?: Partial<Record<LoanFigureKey, string>>;
  /** A figure a sheet names in words of its own (the key terms' "monthly instalment"). */
  labels?: Partial<Record<LoanFigureKey, string>>;
  children?: ReactNode;
}) {
  return (
    <dl className={className}>
      {LOAN_FIGURES.filter((key) => rows.includes(key)).map((key) => (
        <div key={key} className={rowClassName?.[key]}>
          <dt>{labels?.[key] ?? LABELS[key]}</dt>
          <dd>{figureText(key, figures)}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
