import type { Calculation } from 'shared/api/loan/calculator';
import { formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { type LoanFigureKey, LoanFiguresList } from 'shared/ui/loan-figures';
import { ScheduleTable } from 'shared/ui/schedule-table';
import { kaCalculator as t } from '../ka-calculator';
import styles from './calculator.module.css';

/** Below the monthly payment: what the offer costs, and its rates. */
const OFFER_ROWS: readonly LoanFigureKey[] = [
  'total_payment',
  'total_interest',
  'service_fee',
  'interest_rate',
  'effective_interest_rate',
];

/** The offer's figures: the monthly payment first and largest, the effective rate always. */
export function CalculationFigures({ calculation }: { calculation: Calculation }) {
  return (
    <>
      <div className={styles.monthly}>
        <span className={styles.monthlyLabel}>{t.monthlyPayment}</span>
        <output className={styles.monthlyValue}>{formatMoney(calculation.monthly_payment)}</output>
      </div>
      <LoanFiguresList
        figures={calculation}
        rows={OFFER_ROWS}
        className={styles.figures}
        rowClassName={{
          interest_rate: styles.rate,
          effective_interest_rate: `${styles.rate} ${styles.effective}`,
        }}
      />
    </>
  );
}

/** The repayment schedule on demand, as a real table. */
export function RepaymentSchedule({ calculation }: { calculation: Calculation }) {
  return (
    <details className={styles.schedule}>
      <summary>{t.schedule}</summary>
      <ScheduleTable
        rows={calculation.schedule}
        caption={format(t.scheduleCaption, {
          amount: formatMoney(calculation.amount),
          term: format(t.months, { count: calculation.term }),
        })}
      />
    </details>
  );
}
