import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { useLocation } from 'shared/navigation/router';
import { useLoans } from 'shared/query/use-account';
import { useUiStore } from 'shared/stores/ui-store';
import { format, ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { type Figure, Figures } from '../components/money-action/figures';
import panel from '../components/money-action/money-action.module.css';
import { openOrderOf, type PaymentOrder } from '../features/card-payment/api/payment-orders';
import cardStyles from '../features/card-payment/components/card-payment.module.css';
import {
  ContinueOrCancel,
  OrderInProgress,
} from '../features/card-payment/components/order-in-progress';
import { useOrderOutcome } from '../features/card-payment/hooks/use-order-outcome';
import { usePaymentOrders } from '../features/card-payment/hooks/use-payment-orders';
import { kaPaymentNotices } from '../features/card-payment/ka-payment-notices';
import { kaPaymentOutcome } from '../features/card-payment/ka-payment-outcome';
import { Receipt } from '../features/payments/components/receipt';
import { kaLoans } from '../ka-loans';
import { statusOf } from '../lib/loan-status';
import { LoanRepayment } from './loan-repayment';
import styles from './payment-outcome.module.css';
import { PayoffAction } from './payoff-action';

const t = kaPaymentOutcome;

/** The order's id in the address (`?order=<id>`, as the bank returns): a positive integer, or null. */
export function orderIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('order') ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The customer's loans, where they pay (a full page: the loans as the provider has them now). */
const LOANS = '/';

/** Which loan the order paid: its number, and its amount once the loans are known. */
function useLoanRow(loanId: number): Figure {
  const loan = useLoans().data?.find((candidate) => candidate.id === loanId);
  return {
    term: kaLoans.receipt.loan,
    value: loan
      ? format(kaLoans.receipt.loanValue, { id: loan.id, amount: formatMoney(loan.amount) })
      : `№${loanId}`,
  };
}

/** An order's figures: which loan, the amount, and one moment of it (Tbilisi time). */
function OrderFigures({ order, when }: { order: PaymentOrder; when: Figure }) {
  const loan = useLoanRow(order.loan);
  return (
    <Figures
      rows={[
        loan,
        {
          term: kaPaymentNotices.inProgress.amount,
          value: formatMoney(order.amount),
          strong: true,
        },
        when,
      ]}
    />
  );
}

/** An order that paid nothing: which loan, the amount, and when it ended. */
const UnpaidFacts = ({ order }: { order: PaymentOrder }) => (
  <OrderFigures
    order={order}
    when={{ term: t.decidedAt, value: formatDateTime(order.decided_at ?? order.expires_at) }}
  />
);

/**
 * Paying the same loan again from here, in place: the form opens on the amount the ended order
 * was for (a payoff: today's quote), so the bank's page is three presses away — this button, go
 * on, pay by card. A loan now closed offers nothing; one with a payment on its way shows it.
 */
function PayAgain({ order }: { order: PaymentOrder }) {
  const loan = useLoans().data?.find((candidate) => candidate.id === order.loan);
  const open = openOrderOf(usePaymentOrders().orders, order.loan);
  if (!loan) return null;
  if (open) return <OrderInProgress order={open} headingLevel={3} />;
  const status = statusOf(loan);
  if (status !== 'active' && status !== 'overdue') return null;
  if (order.purpose === 'payoff') {
    return <PayoffAction loanId={loan.id} payable headingLevel={3} openLabel={t.tryAgain} />;
  }
  return (
    <LoanRepayment
      loan={loan}
      headingLevel={3}
      label={t.tryAgain}
      primary
      initialAmount={order.amount}
    />
  );
}

/** A decided outcome: its heading takes the focus as it arrives, so it is what is read first. */
function Decided({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={panel.panel}>
      <h2 ref={heading} tabIndex={-1} className={styles.heading}>
        {title}
      </h2>
      {children}
      <div className={panel.actions}>{actions}</div>
    </div>
  );
}

const toLoans = (
  <a className={cardStyles.link} href={LOANS}>
    {t.toLoans}
  </a>
);

/** What the payment paid, and its receipt (v1.2's, which prints alone). */
function Succeeded({ order }: { order: PaymentOrder }) {
  const { payment } = order;
  const loan = useLoans().data?.find((candidate) => candidate.id === order.loan);
  const loanRow = useLoanRow(order.loan);
  const [receipt, setReceipt] = useState(false);
  const receiptButton = useRef<HTMLButtonElement>(null);
  return (
    <Decided
      title={t.succeededTitle}
      actions={
        <>
          {payment && loan && !receipt ? (
            <Button ref={receiptButton} variant="secondary" onClick={() => setReceipt(true)}>
              {t.showReceipt}
            </Button>
          ) : null}
          {toLoans}
        </>
      }
    >
      <Figures
        rows={[
          loanRow,
          { term: t.paid, value: formatMoney(payment?.amount ?? order.amount), strong: true },
          ...(payment
            ? [
                ...(payment.penalty === '0.00'
                  ? []
                  : [{ term: kaLoans.payments.penalty, value: formatMoney(payment.penalty) }]),
                { term: kaLoans.payments.interest, value: formatMoney(payment.interest) },
                { term: kaLoans.payments.principal, value: formatMoney(payment.principal) },
              ]
            : []),
          {
            term: kaLoans.receipt.paidAt,
            value: formatDateTime(payment?.paid_at ?? order.decided_at ?? order.created_at),
          },
          payment ? { term: t.receiptNumber, value: payment.receipt_number } : false,
        ]}
      />
      {payment && loan && receipt ? (
        <Receipt
          payment={payment}
          loan={loan}
          headingLevel={3}
          onClose={() => {
            setReceipt(false);
            // The button comes back with the next render; the focus goes to it then.
            requestAnimationFrame(() => receiptButton.current?.focus());
          }}
        />
      ) : null}
    </Decided>
  );
}

function OrderState({ order }: { order: PaymentOrder }) {
  switch (order.status) {
    case 'succeeded':
      return <Succeeded order={order} />;
    case 'declined':
      return (
        <Decided title={t.declinedTitle} actions={toLoans}>
          <UnpaidFacts order={order} />
          <p className={cardStyles.text}>
            {order.decline_reason ? kaPaymentNotices.declined[order.decline_reason] : null}{' '}
            {kaPaymentNotices.nothingCharged}
          </p>
          <PayAgain order={order} />
        </Decided>
      );
    case 'expired':
    case 'canceled':
      return (
        <Decided
          title={order.status === 'expired' ? t.expiredTitle : t.canceledTitle}
          actions={toLoans}
        >
          <UnpaidFacts order={order} />
          <p className={cardStyles.text}>
            {order.status === 'expired' ? t.expiredText : t.canceledText}
          </p>
          <PayAgain order={order} />
        </Decided>
      );
    default:
      return <Undecided order={order} />;
  }
}

/** An order the bank has not decided: which loan, the amount, since when; the bank's page again. */
function Undecided({ order }: { order: PaymentOrder }) {
  return (
    <div className={panel.panel}>
      <h2 className={styles.heading}>
        {order.status === 'created' ? t.createdTitle : t.processingTitle}
      </h2>
      <OrderFigures
        order={order}
        when={{ term: kaPaymentNotices.inProgress.since, value: formatDateTime(order.created_at) }}
      />
      {order.status === 'created' ? (
        <>
          <p className={cardStyles.text}>{t.createdText}</p>
          <ContinueOrCancel order={order} />
        </>
      ) : null}
    </div>
  );
}

/** No session (it ended while the customer waited, or at the bank): nothing is asked until a login. */
function LoggedOut() {
  const requestLogin = useUiStore((state) => state.requestLogin);
  return (
    <div className={panel.panel}>
      <h2 className={styles.heading}>{t.loggedOutTitle}</h2>
      <p className={cardStyles.text}>{t.loggedOut}</p>
      <div className={panel.actions}>
        <Button onClick={requestLogin}>{ka.account.login}</Button>
      </div>
    </div>
  );
}

/** The order's state, and what the live region says while it is undecided. */
function Outcome({ id }: { id: number }) {
  const { query, loggedIn, longWait } = useOrderOutcome(id);
  const order = query.data;
  const notFound = query.error?.status === 404 && !order;
  const failing = query.isError && !notFound;
  const processing = order?.status === 'processing';
  // One live region for the whole wait, present from the start, so each change is announced.
  const said = !loggedIn
    ? ''
    : notFound
      ? ''
      : failing
        ? t.stillAsking
        : !order
          ? t.checking
          : processing
            ? longWait
              ? t.processingLong
              : t.processingText
            : '';
  return (
    <>
      {!loggedIn ? (
        <LoggedOut />
      ) : notFound ? (
        <div className={panel.panel}>
          <h2 className={styles.heading}>{t.badAddressTitle}</h2>
          <p className={cardStyles.text}>{t.notFound}</p>
          <div className={panel.actions}>{toLoans}</div>
        </div>
      ) : order ? (
        <OrderState order={order} />
      ) : null}
      {/* Under what it is about, and always there: each change of what it says is announced. */}
      <p
        role="status"
        className={loggedIn && (processing || failing) ? cardStyles.text : 'visually-hidden'}
      >
        {said}
      </p>
      {/* Long with the bank: the customer may go, and finds the outcome on the loan. */}
      {loggedIn && processing && longWait ? <div className={panel.actions}>{toLoans}</div> : null}
    </>
  );
}

/**
 * The page the bank sends the customer back to (`/payment?order=<id>`, contract v1.3): built
 * from the order's id in the address, never from memory (another tab, after a login, a day
 * later). While the bank decides it says "processing" in a live region and asks again; then
 * the outcome, whose heading takes the focus: paid (the amount, what it paid, the receipt),
 * declined (why, in plain words, and a way to try again), expired or canceled. The address is
 * read through the router, so the page renders on the server as in the browser.
 */
export default function PaymentOutcome() {
  const id = orderIdOf(useLocation().search);
  return (
    <section className={styles.page} aria-labelledby="payment-title">
      <h1 id="payment-title" className={styles.title}>
        {t.title}
      </h1>
      {id === null ? (
        <div className={panel.panel}>
          <h2 className={styles.heading}>{t.badAddressTitle}</h2>
          <p className={cardStyles.text}>{t.badAddress}</p>
          <div className={panel.actions}>{toLoans}</div>
        </div>
      ) : (
        <Outcome id={id} />
      )}
    </section>
  );
}
