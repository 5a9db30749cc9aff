import { useEffect, useId, useRef } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import factsStyles from '../../../components/facts.module.css';
import { PrintOnly } from '../../../components/print-only';
import { kaLoans } from '../../../ka-loans';
import type { Payment } from '../../../lib/payments';
import styles from './payments.module.css';

const t = kaLoans.receipt;

/** What a receipt says (contract v1.2): the lender, its number, the loan, the money, the time. */
function ReceiptFacts({ payment, loan }: { payment: Payment; loan: Loan }) {
  const rows: [string, string][] = [
    [t.lender, t.lenderName],
    [t.number, payment.receipt_number],
    [t.loan, format(t.loanValue, { id: loan.id, amount: formatMoney(loan.amount) })],
    [t.kind, kaLoans.payments.kind[payment.kind]],
    [t.paidAt, formatDateTime(payment.paid_at)],
    [t.amount, formatMoney(payment.amount)],
    [kaLoans.payments.principal, formatMoney(payment.principal)],
    [kaLoans.payments.interest, formatMoney(payment.interest)],
    [kaLoans.payments.penalty, formatMoney(payment.penalty)],
  ];
  return (
    <dl className={factsStyles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={term === t.amount ? factsStyles.total : undefined}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A payment's receipt, shown under it. While it is open, printing the page (its button, or the
 * browser's own command) prints the receipt alone (PrintOnly). Saving as PDF is the browser's
 * print dialog's.
 */
export function Receipt({
  payment,
  loan,
  onClose,
  headingLevel = 4,
}: {
  payment: Payment;
  loan: Loan;
  onClose: () => void;
  /** Its heading's level under what holds it (a loan's payments: 4). */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.receipt} aria-labelledby={titleId}>
      <Heading id={titleId} ref={heading} tabIndex={-1} className={styles.receiptTitle}>
        {t.title}
      </Heading>
      <ReceiptFacts payment={payment} loan={loan} />
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>{t.print}</Button>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
      <PrintOnly>
        <h1 className={styles.printedTitle}>{`${t.title} ${payment.receipt_number}`}</h1>
        <ReceiptFacts payment={payment} loan={loan} />
      </PrintOnly>
    </section>
  );
}
