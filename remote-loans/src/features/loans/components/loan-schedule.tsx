import type { Loan } from 'shared/api/loan/loans';
import { formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { ScheduleTable } from 'shared/ui/schedule-table';
import { kaLoans } from '../../../ka-loans';
import styles from './loans-overview.module.css';

const t = kaLoans.schedule;

/** A loan's schedule behind a disclosure, with each row paid or still to pay. */
export function LoanSchedule({ loan }: { loan: Loan }) {
  if (loan.schedule.length === 0) return null;
  return (
    <details className={styles.details}>
      <summary>{t.title}</summary>
      <ScheduleTable
        rows={loan.schedule}
        caption={format(t.caption, { amount: formatMoney(loan.amount) })}
      />
    </details>
  );
}
