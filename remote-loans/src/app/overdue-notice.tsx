import { type ReactNode, useRef, useState } from 'react';
import { formatMoney, formatPercent } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { OVERDUE_ID } from 'shared/navigation/act-addresses';
import { useLoans } from 'shared/query/use-account';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { FocusOnArrival } from '../components/focus-on-arrival';
import { DoneMessage } from '../components/money-action/confirm-step';
import { OnDemand } from '../components/on-demand';
import { lastDeclinedOf, openOrderOf } from '../features/card-payment/api/payment-orders';
import { DeclinedPaymentNotice } from '../features/card-payment/components/declined-payment-notice';
import { OrderInProgress } from '../features/card-payment/components/order-in-progress';
import { usePaymentOrders } from '../features/card-payment/hooks/use-payment-orders';
import { HardshipHelp } from '../features/hardship/components/hardship-help';
import type { Payment } from '../features/repayment/components/repay-form';
import { RepaySuccess } from '../features/repayment/components/repay-success';
import { useActionFlow } from '../hooks/use-action-flow';
import { useOverdue } from '../hooks/use-overdue';
import { kaLoans } from '../ka-loans';
import type { Overdue } from '../lib/overdue/overdue';
import styles from './overdue-notice.module.css';
import { PayLinkAnswer } from './pay-link-answer';
import { PayoffAction } from './payoff-action';
import { prefetchLoans } from './prefetch-on-server';
import { repayForm } from './repay-form-on-demand';

const t = kaLoans.overdue;

/** The loans and what is overdue, asked for by the host's server first (issue 29). */
export const prefetchOnServer = prefetchLoans;

/** The repayment form for the overdue loan, opened on its total due. */
function OverdueRepayment({
  overdue,
  onPaid,
  onCancel,
}: {
  overdue: Overdue;
  onPaid: (payment: Payment) => void;
  onCancel: () => void;
}) {
  const loans = useLoans();
  const showPending = useDelayedFlag(loans.isPending);
  if (loans.isPending) return showPending ? <Skeleton height="10rem" /> : null;
  const loan = loans.data?.find((candidate) => candidate.id === overdue.loan);
  if (!loan) {
    return <LoadError message={kaLoans.error} onRetry={() => void loans.refetch()} />;
  }
  return (
    <OnDemand
      part={repayForm}
      props={{ loan, overdue, initialChoice: 'overdue', onPaid, onCancel }}
    />
  );
}

/**
 * The notice's region, at its address (`/#overdue`, which focuses it) whatever it holds, and
 * where a pay link to the overdue loan is answered.
 */
function NoticeSection({ payLink, children }: { payLink: ReactNode; children: ReactNode }) {
  return (
    <section
      id={OVERDUE_ID}
      tabIndex={-1}
      className={styles.notice}
      aria-labelledby="overdue-title"
    >
      <FocusOnArrival id={OVERDUE_ID} />
      {payLink}
      {children}
    </section>
  );
}

/** How much one more day of delay adds (v1.2), in money: what moves a customer to pay now. */
function PenaltyGrowth({ overdue }: { overdue: Overdue }) {
  const { penalty_per_day: perDay, penalty_rate: rate } = overdue;
  if (!perDay) return null;
  const amount = formatMoney(perDay);
  return (
    <span className={styles.growth}>
      {rate
        ? format(t.perDayRate, { amount, rate: formatPercent(rate) })
        : format(t.perDay, { amount })}
    </span>
  );
}

/**
 * What is overdue, at the top of the customer's page: days, overdue amount, penalty (and what a
 * day adds to it) and the
 * total due, with a payment opened right here on the total due. Nothing at all when nothing is
 * overdue (the provider's 404). A region with a heading rather than an alert: it is there on
 * load, and an alert would interrupt everything the screen reader starts with.
 */
export default function OverdueNotice() {
  // Not asked when the loans say nothing is overdue: the provider's answer would be a 404,
  // which every browser logs as an error on each visit (decision 013). Without the loans
  // (a failed load) it is asked, so a failure there never hides what is owed.
  const loans = useLoans();
  const anyOverdue =
    loans.isError || (loans.data?.some((loan) => loan.status === 'overdue') ?? false);
  const overdue = useOverdue({ enabled: anyOverdue });
  // The repayment's flow is the notice's: its success outlives the notice (the debt paid).
  const repayment = useActionFlow<Payment>();
  // Paid off from here (v1.1): the notice goes with the debt, the customer still hears it.
  const [paidOff, setPaidOff] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { orders, mode } = usePaymentOrders();
  const current = anyOverdue ? overdue.data : null;
  // A pay link to the overdue loan opens the notice's payment, as its button does, unless a
  // payment is on its way; in every state the notice shows, so the address is always cleared.
  const payLink = (
    <PayLinkAnswer
      place="overdue-notice"
      canOpen={(loan) =>
        mode === 'pending' ? undefined : current?.loan === loan && !openOrderOf(orders, loan)
      }
      open={repayment.startFromLink}
    />
  );

  const success = repayment.result ? (
    <RepaySuccess payment={repayment.result} onClose={repayment.close} />
  ) : paidOff ? (
    <DoneMessage closeLabel={kaLoans.payoff.close} onClose={() => setPaidOff(null)}>
      {format(kaLoans.payoff.done, { amount: formatMoney(paidOff) })}
    </DoneMessage>
  ) : null;

  // Nothing to say while the first answer is on its way: most customers have nothing overdue.
  if (overdue.isPending) return null;
  if (overdue.isError && overdue.data === undefined) {
    return (
      <NoticeSection payLink={payLink}>
        <h2 id="overdue-title" className={styles.title}>
          {t.title}
        </h2>
        <LoadError message={t.error} onRetry={() => void overdue.refetch()} />
      </NoticeSection>
    );
  }
  if (!current) {
    // Paid off from here: the notice is gone, and the customer still hears that it worked.
    return (
      <>
        {payLink}
        {success ? (
          <div id={OVERDUE_ID} className={styles.settled}>
            {success}
          </div>
        ) : null}
      </>
    );
  }

  const open = openOrderOf(orders, current.loan);
  const declined = lastDeclinedOf(orders, current.loan);
  return (
    <NoticeSection payLink={payLink}>
      <h2 ref={heading} tabIndex={-1} id="overdue-title" className={styles.title}>
        <span aria-hidden="true" className={styles.icon}>
          !
        </span>
        {t.title}
      </h2>
      <p className={styles.intro}>{format(t.intro, { days: current.overdue_days })}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t.days}</dt>
          <dd>{format(t.daysValue, { count: current.overdue_days })}</dd>
        </div>
        <div>
          <dt>{t.amount}</dt>
          <dd>{formatMoney(current.overdue_amount)}</dd>
        </div>
        <div>
          <dt>{t.penalty}</dt>
          <dd>
            {formatMoney(current.penalty)}
            <PenaltyGrowth overdue={current} />
          </dd>
        </div>
        <div className={styles.total}>
          <dt>{t.totalDue}</dt>
          <dd>{formatMoney(current.total_due)}</dd>
        </div>
      </dl>
      {success}
      {open ? (
        // v1.3: a payment on its way at the bank; no second one until it is decided.
        <OrderInProgress order={open} headingLevel={3} />
      ) : (
        <>
          {repayment.open ? (
            <OverdueRepayment
              overdue={current}
              onPaid={repayment.finish}
              onCancel={repayment.cancel}
            />
          ) : (
            <>
              {declined ? <DeclinedPaymentNotice order={declined} /> : null}
              <Button
                ref={repayment.trigger}
                className={styles.pay}
                onClick={repayment.start}
                {...repayForm.intent}
              >
                {t.pay}
              </Button>
            </>
          )}
          {/* Or the whole loan at once: the same payoff as on the loan's card. */}
          <PayoffAction
            loanId={current.loan}
            payable
            headingLevel={3}
            onPaidOff={(total) => {
              repayment.close();
              setPaidOff(total);
            }}
            returnFocusTo={heading}
          />
        </>
      )}
      {/* Before the debt grows: help with the payments, where the debt is said. */}
      <HardshipHelp loanId={current.loan} />
    </NoticeSection>
  );
}
