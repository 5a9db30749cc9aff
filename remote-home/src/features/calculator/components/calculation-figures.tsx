import type { Calculation } from 'shared/api/loan/calculator';
import { formatDate, formatMoney, formatPercent } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
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
        <div>
          <dt>{t.interestRate}</dt>
          <dd>{formatPercent(calculation.interest_rate)}</dd>
        </div>
        <div className={styles.effective}>
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
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            {format(t.scheduleCaption, {
              amount: formatMoney(calculation.amount),
              term: format(t.months, { count: calculation.term }),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.scheduleNumber}</th>
              <th scope="col">{t.scheduleDate}</th>
              <th scope="col">{t.schedulePrincipal}</th>
              <th scope="col">{t.scheduleInterest}</th>
              <th scope="col">{t.schedulePayment}</th>
              <th scope="col">{t.scheduleBalance}</th>
            </tr>
          </thead>
          <tbody>
            {calculation.schedule.map((row) => (
              <tr key={row.number}>
                <th scope="row">{row.number}</th>
                <td>{formatDate(row.date)}</td>
                <td>{formatMoney(row.principal)}</td>
                <td>{formatMoney(row.interest)}</td>
                <td>{formatMoney(row.payment)}</td>
                <td>{formatMoney(row.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
