import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import disclosure from '../../../components/disclosure.module.css';
import { useOpenedOnce } from '../../../hooks/use-opened-once';
import { kaLoans } from '../../../ka-loans';
import { type Payment, paymentsQuery } from '../../../lib/payments';
import styles from './payments.module.css';
import { Receipt } from './receipt';

const t = kaLoans.payments;

/** How the provider applied a payment: its parts, the penalty only when there was one. */
function Split({ payment }: { payment: Payment }) {
  const parts = [
    [t.principal, payment.principal],
    [t.interest, payment.interest],
    ...(payment.penalty === '0.00' ? [] : [[t.penalty, payment.penalty]]),
  ];
  return (
    <span className={styles.split}>
      {parts.map(([label, amount]) => `${label} ${formatMoney(amount ?? '')}`).join(' · ')}
    </span>
  );
}

function PaymentsList({ loan }: { loan: Loan }) {
  const payments = useQuery(paymentsQuery(loan.id));
  const [open, setOpen] = useState<number | null>(null);
  const receiptButtons = useRef(new Map<number, HTMLButtonElement>());
  if (payments.isPending) return <p className={styles.note}>{t.loading}</p>;
  if (payments.isError) {
    return <LoadError message={t.error} onRetry={() => void payments.refetch()} />;
  }
  if (payments.data.length === 0) return <p className={styles.note}>{t.none}</p>;
  return (
    <ol className={styles.list}>
      {payments.data.map((payment) => (
        <li key={payment.id} className={styles.payment}>
          <div className={styles.row}>
            <span className={styles.when}>{formatDateTime(payment.paid_at)}</span>
            <span className={styles.amount}>{formatMoney(payment.amount)}</span>
          </div>
          <div className={styles.row}>
            <span>
              {t.kind[payment.kind]}
              {': '}
              <Split payment={payment} />
            </span>
            <Button
              ref={(button) => {
                if (button) receiptButtons.current.set(payment.id, button);
              }}
              variant="secondary"
              className={styles.receiptButton}
              aria-expanded={open === payment.id}
              aria-label={format(t.receiptFor, { number: payment.receipt_number })}
              onClick={() => setOpen(open === payment.id ? null : payment.id)}
            >
              {t.receipt}
            </Button>
          </div>
          {open === payment.id ? (
            <Receipt
              payment={payment}
              loan={loan}
              onClose={() => {
                setOpen(null);
                receiptButtons.current.get(payment.id)?.focus();
              }}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * A loan's payments behind a disclosure (contract v1.2): when each was paid (Tbilisi time),
 * how much, how it was applied, and a receipt for each to print or save. Asked for only once
 * the customer opens it: most visits do not.
 */
export function LoanPayments({ loan }: { loan: Loan }) {
  const { ref, opened, onToggle } = useOpenedOnce();
  return (
    <details ref={ref} className={disclosure.details} onToggle={onToggle}>
      <summary>{t.title}</summary>
      {opened ? <PaymentsList loan={loan} /> : null}
    </details>
  );
}
