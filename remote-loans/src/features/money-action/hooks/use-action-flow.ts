import { type RefObject, useEffect, useRef, useState } from 'react';

export type ActionStep = 'closed' | 'choose' | 'confirm' | 'done';

/**
 * The one flow of every money action on a loan (repay, pay off, withdraw): a button opens
 * the choice, the choice leads to a confirmation stating the amount, the confirmation to a
 * done message. Cancelling, or closing the done message, gives the focus back to the button
 * that opened it, or, when the action is gone (the loan closed), to `returnFocusTo`.
 */
export function useActionFlow(returnFocusTo?: RefObject<HTMLElement | null>) {
  const [step, setStep] = useState<ActionStep>('closed');
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (step === 'closed' && refocus.current) (trigger.current ?? returnFocusTo?.current)?.focus();
    refocus.current = false;
  }, [step, returnFocusTo]);

  const closeWithFocus = () => {
    refocus.current = true;
    setStep('closed');
  };
  return {
    step,
    /** The button that opens the action: it takes the focus back. */
    trigger,
    start: () => setStep('choose'),
    toConfirm: () => setStep('confirm'),
    back: () => setStep('choose'),
    finish: () => setStep('done'),
    cancel: closeWithFocus,
    close: closeWithFocus,
  };
}
export type ActionFlow = ReturnType<typeof useActionFlow>;
