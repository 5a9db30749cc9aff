import { type RefObject, useEffect, useRef, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { refusalText } from '../lib/refusal';

export type ActionStep = 'closed' | 'choose' | 'confirm' | 'done';

/**
 * The one flow of every money action on a loan (repay, pay off, withdraw): a button opens
 * the choice, the choice leads to a confirmation stating the amount, the confirmation to a
 * done message. Cancelling, or closing the done message, gives the focus back to the button
 * that opened it, or, when the action is gone (the loan closed), to `returnFocusTo`.
 *
 * `T` is what the done message tells (a payment, the total paid off): kept while it is shown,
 * so a holder never keeps its own copy of the flow's state. A refusal of the write is kept too,
 * to be said beside the action until the customer starts again.
 */
export function useActionFlow<T = true>(returnFocusTo?: RefObject<HTMLElement | null>) {
  const [step, setStep] = useState<ActionStep>('closed');
  const [result, setResult] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
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
  const start = () => {
    setResult(null);
    setRefusal(null);
    setStep('choose');
  };
  return {
    step,
    /** The choice or the confirmation is on screen. */
    open: step === 'choose' || step === 'confirm',
    /** What the done message tells, while it is shown. */
    result: step === 'done' ? result : null,
    /** The provider's refusal of the write, in Georgian. */
    refusal,
    /** The button that opens the action: it takes the focus back. */
    trigger,
    start,
    /**
     * Opens as a press of the button does when a link asks for it (a notification's): the
     * button is brought into view and takes the focus first, so what opens takes it from there.
     */
    startFromLink: () => {
      const button = trigger.current;
      button?.scrollIntoView({ block: 'center' });
      button?.focus({ preventScroll: true });
      start();
    },
    toConfirm: () => setStep('confirm'),
    back: () => setStep('choose'),
    finish: (done: T) => {
      setResult(done);
      setStep('done');
    },
    cancel: closeWithFocus,
    close: () => {
      setResult(null);
      closeWithFocus();
    },
    clearRefusal: () => setRefusal(null),
    /**
     * Sends a write (useWrite's `send`, which sends once): its answer, or undefined when it was
     * already on its way or the provider refused it; a refusal is kept to be said.
     */
    send: async <A>(write: () => Promise<A | undefined>): Promise<A | undefined> => {
      setRefusal(null);
      try {
        return await write();
      } catch (error) {
        setRefusal(refusalText(toApiError(error)));
        return undefined;
      }
    },
  };
}
export type ActionFlow<T = true> = ReturnType<typeof useActionFlow<T>>;
