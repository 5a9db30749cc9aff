import { useRef } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { formatDate, formatMoney, fromTetri } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { loanId } from 'shared/navigation/act-addresses';
import { Link } from 'shared/navigation/router';
import { useLoanLimit, useLoans, useUser } from 'shared/query/use-account';
import { useUiStore } from 'shared/stores/ui-store';
import { format, ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { Card } from 'shared/ui/card';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { FocusOnArrival } from '../components/focus-on-arrival';
import { LoanAutopay } from '../features/autopay/components/loan-autopay';
import { failedAutopayOf, openOrderOf } from '../features/card-payment/api/payment-orders';
import { declineText } from '../features/card-payment/components/declined-payment-notice';
import { OrderInProgress } from '../features/card-payment/components/order-in-progress';
import { usePaymentOrders } from '../features/card-payment/hooks/use-payment-orders';
import { LoanDocuments } from '../features/documents/components/loan-documents';
import { HardshipHelp } from '../features/hardship/components/hardship-help';
import { LoanSchedule } from '../features/loans/components/loan-schedule';
import styles from '../features/loans/components/loans-overview.module.css';
import { LoanPayments } from '../features/payments/components/loan-payments';
import { WithdrawAction } from '../features/withdrawal/components/withdraw-action';
import { useOverdue } from '../hooks/use-overdue';
import { kaLoans } from '../ka-loans';
import { tbilisiDateOf } from '../lib/iso-date';
import { isOpen, newestFirst, statusOf, tetri } from '../lib/loan-status';
import { inRowOrder } from '../lib/schedule-order';
import { LoanRepayment } from './loan-repayment';
import { PayoffAction } from './payoff-action';
import { prefetchLoansOverview } from './prefetch-loans-overview';

/** Rows paid of the schedule, and the money paid towards it (all rows less what remains). */
function LoanProgress({ loan }: { loan: Loan }) {
  const rows = loan.schedule;
  if (rows.length === 0) return null;
  const paidRows = rows.filter((row) => row.paid).length;
  const scheduled = rows.reduce((sum, row) => sum + tetri(row.payment), 0);
  const paid = Math.max(0, scheduled - tetri(loan.outstanding));
  // A share for the bar's width only; the figures the customer reads are exact tetri.
  const percent = scheduled > 0 ? Math.round((paid * 100) / scheduled) : 0;
  return (
    <div className={styles.progress}>
      <p className={styles.progressText}>
        <span>{format(kaLoans.loan.progress, { paid: paidRows, total: rows.length })}</span>
        <span>
          {kaLoans.loan.paidAmount}: <strong>{formatMoney(fromTetri(paid))}</strong>
        </span>
      </p>
      {/* An SVG's width is an attribute, not a style: the server's HTML may carry it (CSP). */}
      <svg
        className={styles.bar}
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 100 1"
        preserveAspectRatio="none"
      >
        <rect className={styles.barFill} width={percent} height="1" />
      </svg>
    </div>
  );
}

/** How a closed loan ended: repaid (early, when before its last row's date) or withdrawn. */
function ClosedNote({ loan }: { loan: Loan }) {
  const status = statusOf(loan);
  if (status === 'withdrawn') {
    return (
      <p className={styles.repaidNote}>
        {loan.closed_at
          ? format(kaLoans.withdrawal.withdrawnOn, { date: formatDate(loan.closed_at) })
          : kaLoans.status.withdrawn}
      </p>
    );
  }
  if (status !== 'repaid') return null;
  const lastDue = inRowOrder(loan.schedule).at(-1)?.date;
  const closedAt = loan.closed_at ?? null;
  // The day it closed in Tbilisi against the calendar date of its last row.
  const closedOn = closedAt ? formatDate(closedAt) : null;
  const closedDay = closedAt ? tbilisiDateOf(closedAt) : null;
  const early = closedDay !== null && lastDue !== undefined && closedDay < lastDue;
  return (
    <p className={styles.repaidNote}>
      {early && closedOn
        ? format(kaLoans.payoff.closedEarly, { date: closedOn })
        : kaLoans.loan.repaid}
    </p>
  );
}

function LoanItem({ loan }: { loan: Loan }) {
  const status = statusOf(loan);
  // Where the focus goes when a money action closed the loan and its button is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  // Only an overdue loan has a penalty; the answer is the overdue notice's (one query).
  const overdue = useOverdue({ enabled: status === 'overdue' });
  const own = overdue.data && overdue.data.loan === loan.id ? overdue.data : null;
  // v1.3: while a payment is on its way at the bank, the loan takes no other (contract).
  const { orders } = usePaymentOrders();
  const open = openOrderOf(orders, loan.id);
  const failedAutopay = failedAutopayOf(orders, loan.id);
  return (
    // Reached by its address (`/#loan-<id>`, a notification's link): it takes the focus then.
    <li id={loanId(loan.id)} tabIndex={-1} className={styles.loan}>
      <FocusOnArrival id={loanId(loan.id)} />
      <div className={styles.loanHeader}>
        <h3 ref={heading} tabIndex={-1} className={styles.loanTitle}>
          <span className="visually-hidden">{kaLoans.loan.heading} </span>
          <span className={styles.amount}>{formatMoney(loan.amount)}</span>
        </h3>
        <span className={`${styles.badge} ${styles[status]}`}>{kaLoans.status[status]}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{kaLoans.outstanding}</dt>
          <dd>{formatMoney(loan.outstanding)}</dd>
        </div>
        <div>
          <dt>{kaLoans.term}</dt>
          <dd>
            {loan.term} {kaLoans.months}
          </dd>
        </div>
        {loan.next_payment_date && loan.next_payment_amount ? (
          <div>
            <dt>{ka.loans.nextPayment}</dt>
            <dd>
              {formatMoney(loan.next_payment_amount)} · {formatDate(loan.next_payment_date)}
            </dd>
          </div>
        ) : null}
        {own ? (
          <>
            <div>
              <dt>{kaLoans.loan.penalty}</dt>
              <dd className={styles.danger}>{formatMoney(own.penalty)}</dd>
            </div>
            <div>
              <dt>{kaLoans.loan.totalDue}</dt>
              <dd className={styles.danger}>{formatMoney(own.total_due)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{kaLoans.loan.issuedAt}</dt>
          <dd>{formatDate(loan.issued_at)}</dd>
        </div>
      </dl>
      <LoanProgress loan={loan} />
      <ClosedNote loan={loan} />
      <LoanSchedule loan={loan} />
      <LoanPayments loan={loan} />
      <LoanDocuments loan={loan} />
      <LoanAutopay
        loan={loan}
        failed={
          failedAutopay && {
            date: failedAutopay.created_at,
            amount: failedAutopay.amount,
            reason: declineText(failedAutopay),
          }
        }
      />
      {open ? (
        <OrderInProgress order={open} headingLevel={4} />
      ) : (
        <>
          <LoanRepayment loan={loan} headingLevel={4} />
          <PayoffAction
            loanId={loan.id}
            payable={isOpen(loan)}
            headingLevel={4}
            returnFocusTo={heading}
          />
          <WithdrawAction loan={loan} headingLevel={4} returnFocusTo={heading} />
        </>
      )}
      {isOpen(loan) ? <HardshipHelp loanId={loan.id} /> : null}
      {/* The account slice's page, reached by its address: slices never import each other. */}
      <Link className={styles.complain} to={`/complaints?loan=${loan.id}`}>
        {kaLoans.complainAbout}
      </Link>
    </li>
  );
}

/**
 * The customer's limit and their last application's status; a part the provider could not
 * give is left out (the spec ignores a limit failure).
 */
function AccountSummary() {
  const limit = useLoanLimit().data;
  const lastApplication = useUser().data?.last_loan_application_status ?? null;
  if (!limit && !lastApplication) return null;
  const terms = limit?.term_limit ?? [];
  return (
    <dl className={styles.limit}>
      {limit ? (
        <div>
          <dt>{kaLoans.amountLimit}</dt>
          <dd>{formatMoney(limit.amount_limit)}</dd>
        </div>
      ) : null}
      {terms.length > 0 ? (
        <div>
          <dt>{terms.length === 1 ? kaLoans.termFixed : kaLoans.termLimit}</dt>
          <dd>
            {[...terms].sort((a, b) => a - b).join(', ')} {kaLoans.months}
          </dd>
        </div>
      ) : null}
      {lastApplication ? (
        <div>
          <dt>{kaLoans.summary.lastApplication}</dt>
          <dd>{kaLoans.applicationStatus[lastApplication]}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function LoansList() {
  const loans = useLoans();
  const showPending = useDelayedFlag(loans.isPending);

  if (loans.isPending) return showPending ? <Skeleton height="6rem" /> : null;
  if (loans.isError && !loans.data) {
    return <LoadError message={kaLoans.error} onRetry={() => void loans.refetch()} />;
  }
  // A failed reload keeps the loans already shown, and says they may be out of date.
  const staleError = loans.isError ? (
    <LoadError message={kaLoans.loan.reloadFailed} onRetry={() => void loans.refetch()} />
  ) : null;
  if (loans.data.length === 0) {
    return (
      <>
        {staleError}
        <p>{kaLoans.empty}</p>
      </>
    );
  }
  return (
    <>
      {staleError}
      <ul className={styles.list}>
        {newestFirst(loans.data).map((loan) => (
          <LoanItem key={loan.id} loan={loan} />
        ))}
      </ul>
    </>
  );
}

/** What the list shows, asked for by the host's server before it renders the page (issue 29). */
export const prefetchOnServer = prefetchLoansOverview;

/** The customer's loans on the home page; visitors are offered the login instead. */
export default function LoansOverview() {
  const loggedIn = useLoggedIn();
  const requestLogin = useUiStore((state) => state.requestLogin);
  return (
    <Card aria-labelledby="loans-title">
      <h2 id="loans-title" className={styles.title}>
        {ka.loans.title}
      </h2>
      {loggedIn ? (
        <>
          <AccountSummary />
          <LoansList />
        </>
      ) : (
        <div className={styles.prompt}>
          <p>{kaLoans.loginToSee}</p>
          <Button onClick={requestLogin}>{ka.account.login}</Button>
        </div>
      )}
    </Card>
  );
}
