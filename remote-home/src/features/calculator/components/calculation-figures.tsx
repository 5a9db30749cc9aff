import type { Calculation } from 'shared/api/loan/calculator';
import { formatMoney, formatPercent } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { ScheduleTable } from 'shared/ui/schedule-table';
import { kaCalculator as t } from '../ka-calculator';
import styles from './calculator.module.css';

/** The offer's figures: the monthly payment first and largest, the effective rate always. */
export function CalculationFigures({ calculation }: { calculation: Calculation }) {
  return (
    <>
      <div className={styles.monthly}>
        <span className={styles.monthlyLabel}>{t.monthlyPayment}</span>
        <output className={styles.monthlyValue}>{formatMoney(calculation.monthly_payment)}</output>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t.totalPayment}</dt>
          <dd>{formatMoney(calculation.total_payment)}</dd>
        </div>
        <div>
          <dt>{t.totalInterest}</dt>
          <dd>{formatMoney(calculation.total_interest)}</dd>
        </div>
        <div>
          <dt>{t.serviceFee}</dt>
          <dd>{formatMoney(calculation.service_fee)}</dd>
        </div>
        <div className={styles.rate}>
          <dt>{t.interestRate}</dt>
          <dd>{formatPercent(calculation.interest_rate)}</dd>
        </div>
        <div className={`${styles.rate} ${styles.effective}`}>
          <dt>{t.effectiveRate}</dt>
          <dd>{formatPercent(calculation.effective_interest_rate)}</dd>
        </div>
      </dl>
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
