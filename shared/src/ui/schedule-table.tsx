import { formatDate, formatMoney } from 'shared/lib/money';
import { ka } from 'shared/strings/ka';
import styles from '../styles/ui.module.css';

/** One row of a repayment schedule as the provider sends it; `paid` on a loan's rows. */
export interface ScheduleRow {
  number: number;
  date: string;
  principal: string;
  interest: string;
  payment: string;
  balance: string;
  paid?: boolean;
}

const t = ka.schedule;

/**
 * A repayment schedule as a real table (an offer's, or a loan's with each row's state), in the
 * rows' `number` order: the contract gives the rows no order of their own. A paid row says so
 * in words, never by colour alone; a table wider than a phone scrolls, and the scroll
 * container takes focus so it scrolls by keyboard too.
 */
export function ScheduleTable({
  rows,
  caption,
}: {
  rows: readonly ScheduleRow[];
  caption: string;
}) {
  const withState = rows.some((row) => row.paid !== undefined);
  const ordered = [...rows].sort((a, b) => a.number - b.number);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container needs focus to scroll by keyboard.
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
            {withState ? <th scope="col">{t.state}</th> : null}
          </tr>
        </thead>
        <tbody>
          {ordered.map((row) => (
            <tr key={row.number} className={row.paid ? styles.paidRow : undefined}>
              <th scope="row">{row.number}</th>
              <td>{formatDate(row.date)}</td>
              <td>{formatMoney(row.principal)}</td>
              <td>{formatMoney(row.interest)}</td>
              <td>{formatMoney(row.payment)}</td>
              <td>{formatMoney(row.balance)}</td>
              {withState ? (
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
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
