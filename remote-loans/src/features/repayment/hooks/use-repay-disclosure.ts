import { useState } from 'react';
import { useActionFlow } from '../../money-action/hooks/use-action-flow';
import type { Payment } from '../components/repay-form';

/**
 * Repayment's use of the money actions' one flow (choose, confirm, done): the "pay" button
 * opens the form in place; paying closes it with the payment kept for the done message;
 * cancelling gives the focus back to the button. The loan's card and the overdue notice both
 * work this way.
 */
export function useRepayDisclosure() {
  const flow = useActionFlow();
  const [payment, setPayment] = useState<Payment | null>(null);
  return {
    open: flow.step === 'choose' || flow.step === 'confirm',
    payment: flow.step === 'done' ? payment : null,
    /** The "pay" button's ref: it takes the focus back after a cancel. */
    button: flow.trigger,
    start: () => {
      setPayment(null);
      flow.start();
    },
    paid: (done: Payment) => {
      setPayment(done);
      flow.finish();
    },
    cancel: flow.cancel,
    dismissPayment: () => {
      setPayment(null);
      flow.close();
    },
  };
}
