import { useEffect } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import styles from '../components/money-action/money-action.module.css';
import { OnDemand } from '../components/on-demand';
import type { PaymentOrder } from '../features/card-payment/api/payment-orders';
import { DeclinedPaymentNotice } from '../features/card-payment/components/declined-payment-notice';
import type { Payment } from '../features/repayment/components/repay-form';
import { RepaySuccess } from '../features/repayment/components/repay-success';
import { useActionFlow } from '../hooks/use-action-flow';
import { useOverdue } from '../hooks/use-overdue';
import { kaLoans } from '../ka-loans';
import { statusOf } from '../lib/loan-status';
import { repayForm } from './repay-form-on-demand';

/**
 * Paying one loan from where the loan is shown: a button that opens the repayment form in
 * place, and the success message once paid. A repaid loan offers nothing to pay.
 */
export function LoanRepayment({
  loan,
  headingLevel,
  declined,
  label = kaLoans.loan.pay,
  primary = false,
  initialAmount,
  openFromLink = false,
  onOpenedFromLink,
}: {
  loan: Loan;
  /** The form's heading level under the heading that holds it. */
  headingLevel: 3 | 4;
  /** The button's name where paying is another press than the loan's own (paying again). */
  label?: string;
  /** Where paying is the page's main act (paying again after a decline), its main button. */
  primary?: boolean;
  /** An amount the form opens on (the one a payment that did not go through was for). */
  initialAmount?: string;
  /** The loan's last payment, declined (v1.3): said above the button, which pays it now. */
  declined?: PaymentOrder | undefined;
  /**
   * A pay link asks for this form: only where the loan is paid first (the next payment), never
   * in the loan's card, so one form opens. It opens as after a press; then `onOpenedFromLink`.
   */
  openFromLink?: boolean;
  onOpenedFromLink?: () => void;
}) {
  const flow = useActionFlow<Payment>();
  const { startFromLink } = flow;
  useEffect(() => {
    if (!openFromLink) return;
    startFromLink();
    onOpenedFromLink?.();
  }, [openFromLink, startFromLink, onOpenedFromLink]);
  const status = statusOf(loan);
  // Its own observer: a query result handed down from a parent is only re-rendered for the
  // fields the parent read (TanStack's tracked results), so it would go stale here.
  const overdue = useOverdue({ enabled: status === 'overdue' });
  const waitingForOverdue = flow.open && status === 'overdue' && overdue.isPending;
  const showPending = useDelayedFlag(waitingForOverdue);

  const payable = status === 'active' || status === 'overdue';
  const success = flow.result ? <RepaySuccess payment={flow.result} onClose={flow.close} /> : null;
  if (!payable) return success;
  if (!flow.open) {
    return (
      <>
        {success}
        {declined ? <DeclinedPaymentNotice order={declined} /> : null}
        <Button
          ref={flow.trigger}
          variant={primary ? 'primary' : 'secondary'}
          className={styles.trigger}
          onClick={flow.start}
          {...repayForm.intent}
        >
          {label}
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
    <OnDemand
      part={repayForm}
      props={{
        loan,
        overdue: overdue.data,
        headingLevel,
        initialAmount,
        onPaid: flow.finish,
        onCancel: flow.cancel,
      }}
    />
  );
}
