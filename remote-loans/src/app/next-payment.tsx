import { useState } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney } from 'shared/lib/money';
import { useLoans } from 'shared/query/use-account';
import { format } from 'shared/strings/ka';
import { Card } from 'shared/ui/card';
import { lastDeclinedOf, openOrderOf } from '../features/card-payment/api/payment-orders';
import { OrderInProgress } from '../features/card-payment/components/order-in-progress';
import { type Orders, usePaymentOrders } from '../features/card-payment/hooks/use-payment-orders';
import { kaLoans } from '../ka-loans';
import { statusOf } from '../lib/loan-status';
import { LoanRepayment } from './loan-repayment';
import styles from './next-payment.module.css';
import { PayLinkAnswer } from './pay-link-answer';
import { prefetchLoans } from './prefetch-on-server';

const t = kaLoans.next;

/** The loans, asked for by the host's server before it renders a customer's page (issue 29). */
export const prefetchOnServer = prefetchLoans;

/** Loans being paid on schedule, the next one due first (an overdue one has its notice). */
function loansDue(loans: readonly Loan[]): Loan[] {
  return loans
    .filter((loan) => statusOf(loan) === 'active')
    .sort((a, b) => (a.next_payment_date ?? '').localeCompare(b.next_payment_date ?? ''));
}

function LoanDue({
  loan,
  orders,
  openFromLink,
  onOpenedFromLink,
}: {
  loan: Loan;
  orders: Orders;
  /** A pay link asks for this loan's payment (NextPayment answers it). */
  openFromLink: boolean;
  onOpenedFromLink: () => void;
}) {
  // v1.3: a payment on its way at the bank takes the place of paying again.
  const open = openOrderOf(orders, loan.id);
  return (
    <li className={styles.loan}>
      <dl className={styles.figures}>
        {loan.next_payment_amount && loan.next_payment_date ? (
          <>
            <div className={styles.due}>
              <dt>{t.amount}</dt>
              <dd>{formatMoney(loan.next_payment_amount)}</dd>
            </div>
            <div className={styles.date}>
              <dt>{t.date}</dt>
              <dd>{formatDate(loan.next_payment_date)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t.outstanding}</dt>
          <dd>{formatMoney(loan.outstanding)}</dd>
        </div>
      </dl>
      <p className={styles.ofLoan}>
        {format(t.ofLoan, { amount: formatMoney(loan.amount), term: loan.term })}
      </p>
      {open ? (
        <OrderInProgress order={open} headingLevel={3} />
      ) : (
        <LoanRepayment
          loan={loan}
          headingLevel={3}
          declined={lastDeclinedOf(orders, loan.id)}
          openFromLink={openFromLink}
          onOpenedFromLink={onOpenedFromLink}
        />
      )}
    </li>
  );
}

/**
 * What a customer with a loan comes for, first on their page (after the overdue notice): the
 * next payment's amount and date, what is still owed, and paying it right here. Nothing when
 * no loan is being paid on schedule, and nothing while the loans load: the loans below say
 * why when they cannot.
 */
export default function NextPayment() {
  const loans = useLoans();
  const { orders, mode } = usePaymentOrders();
  // The loan whose form a pay link opens here, until it has opened.
  const [linked, setLinked] = useState<number | null>(null);
  const due = loansDue(loans.data ?? []);
  // Rendered even when nothing is due here: a link to a loan paid nowhere still leaves the address.
  const payLink = (
    <PayLinkAnswer
      place="next-payment"
      // A payment on its way at the bank shows instead of the form; wait until that is known.
      canOpen={(loan) => (mode === 'pending' ? undefined : !openOrderOf(orders, loan))}
      open={setLinked}
    />
  );
  if (due.length === 0) return payLink;
  return (
    <Card className={styles.card} aria-labelledby="next-payment-title">
      {payLink}
      <h2 id="next-payment-title" className={styles.title}>
        {t.title}
      </h2>
      <ul className={styles.list}>
        {due.map((loan) => (
          <LoanDue
            key={loan.id}
            loan={loan}
            orders={orders}
            openFromLink={linked === loan.id}
            onOpenedFromLink={() => setLinked(null)}
          />
        ))}
      </ul>
    </Card>
  );
}
