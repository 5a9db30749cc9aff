import type { Calculation } from 'shared/api/loan/calculator';
import { formatDate, formatMoney } from 'shared/lib/money';
import { kaApplication as t } from '../ka-application';
import styles from './application.module.css';

/** The repayment schedule of an offer, as a real table. */
export function ScheduleTable({
  schedule,
  caption,
}: {
  schedule: Calculation['schedule'];
  caption: string;
}) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.schedule.number}</th>
            <th scope="col">{t.schedule.date}</th>
            <th scope="col">{t.schedule.principal}</th>
            <th scope="col">{t.schedule.interest}</th>
            <th scope="col">{t.schedule.payment}</th>
            <th scope="col">{t.schedule.balance}</th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((row) => (
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
  );
}
