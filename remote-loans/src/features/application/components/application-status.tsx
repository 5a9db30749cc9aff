import { useEffect, useRef, useState } from 'react';
import { formatDate, formatMoney } from 'shared/lib/money';
import { invalidateAccount } from 'shared/query/account-queries';
import { useLoans } from 'shared/query/use-account';
import { useLoanRequestStore } from 'shared/stores/loan-request-store';
import { useUiStore } from 'shared/stores/ui-store';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { kaLoans } from '../../../ka-loans';
import { type Application, isOpen } from '../api/applications';
import { useCancelApplication } from '../hooks/use-application-writes';
import { kaApplication as t } from '../ka-application';
import { useFollowedApplication } from '../lib/followed-application';
import styles from './application.module.css';

/** Back to the calculator: the application is over for this page. */
function useFinish() {
  const forget = useFollowedApplication((state) => state.forget);
  const clearRequest = useLoanRequestStore((state) => state.clearRequest);
  const showCalculator = useUiStore((state) => state.setActiveLoanComponent);
  return () => {
    forget();
    clearRequest();
    showCalculator('slider');
  };
}

function CancelApplication({ application }: { application: Application }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelApplication(application.id);
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t.status.cancel}
      </Button>
    );
  }
  return (
    <div className={styles.confirm}>
      <p id="cancel-question">{t.status.cancelConfirm}</p>
      {cancel.isError ? <Alert tone="error">{cancel.error.message}</Alert> : null}
      <div className={styles.choices}>
        <Button
          aria-describedby="cancel-question"
          disabled={cancel.busy}
          // The error shows in the alert above; the send resolves either way.
          onClick={() => void cancel.send().catch(() => undefined)}
        >
          {cancel.busy ? t.status.cancelling : t.status.cancelYes}
        </Button>
        <Button variant="secondary" disabled={cancel.busy} onClick={() => setConfirming(false)}>
          {t.status.cancelNo}
        </Button>
      </div>
    </div>
  );
}

/**
 * An application being followed: pending and approved are polled (the query does that), and
 * the decision shows without a reload. When it is decided the customer's loans, limit and user
 * data are loaded again, so an issued loan appears in "my loans" with its first payment.
 */
export function ApplicationStatus({
  application,
  bringIntoView = false,
}: {
  application: Application;
  /** Just sent from this page: the status is scrolled to and takes focus. */
  bringIntoView?: boolean;
}) {
  const finish = useFinish();
  const heading = useRef<HTMLHeadingElement>(null);
  // Once, when it replaces the form: the decision that follows is announced by the status.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render.
  useEffect(() => {
    if (!bringIntoView) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const loans = useLoans();
  const previous = useRef(application.status);
  useEffect(() => {
    if (previous.current !== application.status && !isOpen(application)) void invalidateAccount();
    previous.current = application.status;
  }, [application]);

  const term = format(t.months, { count: application.term });
  const issuedLoan = loans.data?.find((loan) => loan.application === application.id);

  return (
    <div className={styles.status}>
      <h3 ref={heading} className={styles.subtitle} tabIndex={-1}>
        {t.status.title}
      </h3>
      <p className={styles.muted}>
        {format(t.status.submitted, {
          amount: formatMoney(application.amount),
          term,
          date: formatDate(application.created_at),
        })}
      </p>
      <p className={styles.statusWord} data-status={application.status}>
        {kaLoans.applicationStatus[application.status]}
      </p>
      <div role="status" className={styles.statusText}>
        {application.status === 'pending' ? <p>{t.status.pending}</p> : null}
        {application.status === 'approved' ? <p>{t.status.approved}</p> : null}
        {application.status === 'issued' ? (
          <>
            <p>{t.status.issued}</p>
            {issuedLoan?.next_payment_amount && issuedLoan.next_payment_date ? (
              <p>
                {format(t.status.issuedFirstPayment, {
                  amount: formatMoney(issuedLoan.next_payment_amount),
                  date: formatDate(issuedLoan.next_payment_date),
                })}
              </p>
            ) : null}
          </>
        ) : null}
        {application.status === 'rejected' ? (
          <>
            <p>{t.status.rejected}</p>
            {application.rejection_reason ? (
              <p className={styles.reason}>
                {format(t.status.rejectedReason, { reason: application.rejection_reason })}
              </p>
            ) : null}
            <p>{t.status.rejectedNext}</p>
          </>
        ) : null}
        {application.status === 'canceled' ? <p>{t.status.canceled}</p> : null}
      </div>
      {application.status === 'pending' ? <CancelApplication application={application} /> : null}
      {isOpen(application) ? null : <Button onClick={finish}>{t.status.done}</Button>}
    </div>
  );
}
