import { useQuery } from '@tanstack/react-query';
import { calculationQuery } from 'shared/api/loan/calculator';
import { formatDate, formatMoney } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import type { LoanRequest } from 'shared/stores/loan-request-store';
import { format } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { LoanFiguresList } from 'shared/ui/loan-figures';
import { ScheduleTable } from 'shared/ui/schedule-table';
import { Skeleton } from 'shared/ui/skeleton';
import { inRowOrder } from '../../../lib/schedule-order';
import { kaApplication as t } from '../ka-application';
import styles from './application.module.css';

/**
 * The pre-contract key-terms sheet Georgian consumer-credit rules ask for before signing:
 * the offer's money, both rates, the first and last due dates and the schedule, from the
 * provider's calculation for exactly this amount and term.
 */
export function KeyTerms({ request }: { request: LoanRequest }) {
  const offer = useQuery(calculationQuery(request, true));
  const showPending = useDelayedFlag(offer.isPending);
  if (offer.isPending)
    return showPending ? <Skeleton height="18rem" /> : <div style={{ minHeight: '18rem' }} />;
  if (offer.isError) {
    return (
      <LoadError
        message={`${t.keyTerms.error} ${offer.error.message}`}
        onRetry={() => void offer.refetch()}
      />
    );
  }
  const calc = offer.data;
  const rowsInOrder = inRowOrder(calc.schedule);
  const first = rowsInOrder[0];
  const last = rowsInOrder.at(-1);
  const term = format(t.months, { count: calc.term });
  const dates: [string, string][] = [
    ...(first ? [[t.keyTerms.firstDue, formatDate(first.date)] as [string, string]] : []),
    ...(last ? [[t.keyTerms.lastDue, formatDate(last.date)] as [string, string]] : []),
  ];
  return (
    <section className={styles.sheet} aria-labelledby="key-terms-title">
      <h3 id="key-terms-title" className={styles.subtitle}>
        {t.keyTerms.title}
      </h3>
      <p className={styles.muted}>{t.keyTerms.intro}</p>
      <LoanFiguresList
        figures={calc}
        className={styles.facts}
        rowClassName={{ effective_interest_rate: styles.strong }}
        labels={{ monthly_payment: t.keyTerms.monthlyPayment }}
      >
        {dates.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </LoanFiguresList>
      <details className={styles.details}>
        <summary>{t.keyTerms.schedule}</summary>
        <ScheduleTable
          rows={calc.schedule}
          caption={`${t.keyTerms.schedule}: ${formatMoney(calc.amount)}, ${term}`}
        />
      </details>
    </section>
  );
}
