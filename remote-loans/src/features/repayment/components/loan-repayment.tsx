import type { Loan } from 'shared/api/loan/loans';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { kaLoans } from '../../../ka-loans';
import { statusOf } from '../../loans/lib/loan-status';
import { useOverdue } from '../../overdue/hooks/use-overdue';
import { useRepayDisclosure } from '../hooks/use-repay-disclosure';
import { RepayForm } from './repay-form';
import styles from './repay-form.module.css';
import { RepaySuccess } from './repay-success';

/**
 * Paying one loan: a button that opens the repayment form in the card, and the success
 * message once paid. A repaid loan offers nothing to pay.
 */
export function LoanRepayment({
  loan,
  headingLevel,
}: {
  loan: Loan;
  /** The form's heading level under the heading that holds it. */
  headingLevel: 3 | 4;
}) {
  const disclosure = useRepayDisclosure();
  const { open, payment } = disclosure;
  const status = statusOf(loan);
  // Its own observer: a query result handed down from a parent is only re-rendered for the
  // fields the parent read (TanStack's tracked results), so it would go stale here.
  const overdue = useOverdue({ enabled: status === 'overdue' });
  const waitingForOverdue = open && status === 'overdue' && overdue.isPending;
  const showPending = useDelayedFlag(waitingForOverdue);

  const payable = status === 'active' || status === 'overdue';
  const success = payment ? (
    <RepaySuccess payment={payment} onClose={disclosure.dismissPayment} />
  ) : null;
  if (!payable) return success;
  if (!open) {
    return (
      <>
        {success}
        <Button
          ref={disclosure.button}
          variant="secondary"
          className={styles.payButton}
          onClick={disclosure.start}
        >
          {kaLoans.loan.pay}
        </Button>
      </>
    );
  }
  // An overdue loan is paid against its penalty, which only the overdue answer knows.
  if (waitingForOverdue) return showPending ? <Skeleton height="10rem" /> : null;
  if (status === 'overdue' && overdue.isError && overdue.data === undefined) {
    return <LoadError message={kaLoans.overdue.error} onRetry={() => void overdue.refetch()} />;
  }
  return (
    <RepayForm
      loan={loan}
      overdue={overdue.data}
      headingLevel={headingLevel}
      onPaid={disclosure.paid}
      onCancel={disclosure.cancel}
    />
  );
}
