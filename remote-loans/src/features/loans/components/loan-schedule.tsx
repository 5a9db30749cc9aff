import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { kaLoans } from '../../../ka-loans';
import styles from './loans-overview.module.css';

const t = kaLoans.schedule;

/**
 * A loan's schedule behind a disclosure, as a real table. A paid row says so in words (and
 * with a tick for the eye), never by its colour alone.
 */
export function LoanSchedule({ loan }: { loan: Loan }) {
  if (loan.schedule.length === 0) return null;
  const caption = format(t.caption, { amount: formatMoney(loan.amount) });
  return (
    <details className={styles.details}>
      <summary>{t.title}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and a scroll container needs focus to scroll by keyboard. */}
      <section className={styles.tableScroll} tabIndex={0} aria-label={caption}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.number}</th>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.principal}</th>
              <th scope="col">{t.interest}</th>
              <th scope="col">{t.payment}</th>
              <th scope="col">{t.balance}</th>
              <th scope="col">{t.state}</th>
            </tr>
          </thead>
          <tbody>
            {loan.schedule.map((row) => (
              <tr key={row.number} className={row.paid ? styles.paidRow : undefined}>
                <th scope="row">{row.number}</th>
                <td>{formatDate(row.date)}</td>
                <td>{formatMoney(row.principal)}</td>
                <td>{formatMoney(row.interest)}</td>
                <td>{formatMoney(row.payment)}</td>
                <td>{formatMoney(row.balance)}</td>
                <td className={styles.rowState}>
                  {row.paid ? (
                    <>
                      <span aria-hidden="true">✓ </span>
                      {t.paid}
                    </>
                  ) : (
                    t.unpaid
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
