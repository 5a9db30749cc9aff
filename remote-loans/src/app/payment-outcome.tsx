import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatMoney } from 'shared/lib/money';
import { useLocation } from 'shared/navigation/router';
import { useLoans } from 'shared/query/use-account';
import { Button } from 'shared/ui/button';
import facts from '../components/facts.module.css';
import { useOrderOutcome } from '../features/card-payment/hooks/use-order-outcome';
import { kaPaymentOutcome } from '../features/card-payment/ka-payment-outcome';
import { Receipt } from '../features/payments/components/receipt';
import { kaLoans } from '../ka-loans';
import cardStyles from '../lib/card-payment/card-payment.module.css';
import { kaPaymentNotices } from '../lib/card-payment/ka-payment-notices';
import { ContinueOrCancel } from '../lib/card-payment/order-in-progress';
import type { PaymentOrder } from '../lib/card-payment/payment-orders';
import { Figures } from '../lib/money-action/figures';
import panel from '../lib/money-action/money-action.module.css';
import styles from './payment-outcome.module.css';

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
/** A loan on the customer's page, to pay again. */
const loanAnchor = (loanId: number) => `/#loan-${loanId}`;

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

const tryAgain = (order: PaymentOrder) => (
  <a className={cardStyles.linkButton} href={loanAnchor(order.loan)}>
    {t.tryAgain}
  </a>
);

/** What the payment paid, and its receipt (v1.2's, which prints alone). */
function Succeeded({ order }: { order: PaymentOrder }) {
  const { payment } = order;
  const loan = useLoans().data?.find((candidate) => candidate.id === order.loan);
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
          { term: t.paid, value: formatMoney(payment?.amount ?? order.amount), strong: true },
          ...(payment
            ? [
                ...(payment.penalty === '0.00'
                  ? []
                  : [{ term: kaLoans.payments.penalty, value: formatMoney(payment.penalty) }]),
                { term: kaLoans.payments.interest, value: formatMoney(payment.interest) },
                { term: kaLoans.payments.principal, value: formatMoney(payment.principal) },
                { term: t.receiptNumber, value: payment.receipt_number },
              ]
            : []),
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
        <Decided
          title={t.declinedTitle}
          actions={
            <>
              {tryAgain(order)}
              {toLoans}
            </>
          }
        >
          <p className={cardStyles.text}>
            {order.decline_reason ? kaPaymentNotices.declined[order.decline_reason] : null}{' '}
            {kaPaymentNotices.nothingCharged}
          </p>
        </Decided>
      );
    case 'expired':
    case 'canceled':
      return (
        <Decided
          title={order.status === 'expired' ? t.expiredTitle : t.canceledTitle}
          actions={
            <>
              {tryAgain(order)}
              {toLoans}
            </>
          }
        >
          <p className={cardStyles.text}>
            {order.status === 'expired' ? t.expiredText : t.canceledText}
          </p>
        </Decided>
      );
    default:
      return (
        <div className={panel.panel}>
          <h2 className={styles.heading}>
            {order.status === 'created' ? t.createdTitle : t.processingTitle}
          </h2>
          <dl className={facts.facts}>
            <div>
              <dt>{kaPaymentNotices.inProgress.amount}</dt>
              <dd>{formatMoney(order.amount)}</dd>
            </div>
          </dl>
          {order.status === 'created' ? (
            <>
              <p className={cardStyles.text}>{t.createdText}</p>
              <ContinueOrCancel order={order} />
            </>
          ) : null}
        </div>
      );
  }
}

/** The order's state, and what the live region says while it is undecided. */
function Outcome({ id }: { id: number }) {
  const query = useOrderOutcome(id);
  const order = query.data;
  const notFound = query.error?.status === 404 && !order;
  const failing = query.isError && !notFound;
  // One live region for the whole wait, present from the start, so each change is announced.
  const said = notFound
    ? ''
    : failing
      ? t.stillAsking
      : !order
        ? t.checking
        : order.status === 'processing'
          ? t.processingText
          : '';
  return (
    <>
      {notFound ? (
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
        className={order?.status === 'processing' || failing ? cardStyles.text : 'visually-hidden'}
      >
        {said}
      </p>
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
