import { useEffect, useRef, useState } from 'react';
import type { Payment } from '../components/repay-form';

/**
 * A "pay" button that opens the repayment form in place: open, closed on payment with the
 * payment kept for the success message, or cancelled with the focus given back to the
 * button. The loan's card and the overdue notice both work this way.
 */
export function useRepayDisclosure() {
  const [open, setOpen] = useState(false);
  const [payment, setPayment] = useState<Payment | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!open && refocus.current) button.current?.focus();
    refocus.current = false;
  }, [open]);

  return {
    open,
    payment,
    /** The "pay" button's ref: it takes the focus back after a cancel. */
    button,
    start: () => {
      setPayment(null);
      setOpen(true);
    },
    paid: (done: Payment) => {
      setOpen(false);
      setPayment(done);
    },
    cancel: () => {
      refocus.current = true;
      setOpen(false);
    },
    dismissPayment: () => setPayment(null),
  };
}
