import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiError, toApiError } from 'shared/api/api-error';
import { paymentPageAddress } from 'shared/lib/payment-page';
import { useWrite } from 'shared/query/use-write';
import { loanWriteKey } from '../../../hooks/use-loan-write';
import { refusalText } from '../../../lib/refusal';
import { createOrderFor, ForeignOrderError } from '../api/create-order';
import { type PaymentOrder, paymentOrderKeys } from '../api/payment-orders';
import { kaCardConfirm } from '../ka-card-confirm';
import { kaPaymentNotices } from '../ka-payment-notices';
import type { Attempt } from '../lib/attempt-key';
import { handFocusToOpenOrder } from '../lib/focus-handoff';
import { leavePage, outcomePath, RETURN_PATH } from '../lib/leave-page';

const t = kaCardConfirm;

/**
 * A refused order in the customer's words. `return_url` is this site's own address, not anything
 * the customer chose: its refusal (the provider does not list this site) is said as the bank's
 * page being out of reach, in our Georgian whatever the provider's message says.
 */
function problemOf(error: ApiError): string {
  if (error.code === 'payment_in_progress') return t.alreadyInProgress;
  if (error.fieldErrors.return_url) return kaPaymentNotices.pageUnavailable;
  return refusalText(error);
}

/**
 * Paying through a payment order (contract v1.3): one write per loan like repay/ (useWrite's
 * guard and the loans' one mutation key), which creates the order and sends the customer on:
 * to the bank's page while the order is `created`, to the return page once the bank has it (a
 * saved card charged at once). An answer that is not this press's order never sends the
 * customer anywhere (create-order), and a bank's address the configuration does not list is
 * never followed. `payment_in_progress` shows the open order instead (the loan does, from the
 * refreshed list).
 */
export function usePayWithCard(loanId: number) {
  const queryClient = useQueryClient();
  const write = useWrite<PaymentOrder, Attempt>({
    mutationKey: loanWriteKey(loanId),
    // Built in the handler: the address the customer is on is the site the bank returns to.
    mutationFn: (attempt) => createOrderFor(attempt, `${window.location.origin}${RETURN_PATH}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentOrderKeys.all }),
  });
  // On the way to the bank: the button stays disabled until the page is gone.
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = async (attempt: Attempt) => {
    setProblem(null);
    let order: PaymentOrder | undefined;
    try {
      order = await write.send(attempt);
    } catch (error) {
      // Not this press's order: said plainly, and the loan's orders, asked again, show the rest.
      if (error instanceof ForeignOrderError) {
        setProblem(t.notThisPayment);
        return;
      }
      const apiError = toApiError(error);
      // The loan's open order takes this confirmation's place, and the focus with it.
      if (apiError.code === 'payment_in_progress') handFocusToOpenOrder(attempt.loanId);
      setProblem(problemOf(apiError));
      return;
    }
    if (!order) return;
    if (order.status !== 'created') {
      // With the bank already (charged at once), or this press's order decided at once.
      setLeaving(true);
      leavePage(outcomePath(order.id));
      return;
    }
    const bank = paymentPageAddress(order.redirect_url);
    if (!bank) {
      handFocusToOpenOrder(attempt.loanId);
      setProblem(kaPaymentNotices.pageUnavailable);
      return;
    }
    setLeaving(true);
    leavePage(bank);
  };

  return { pay, busy: write.busy || leaving, leaving, problem };
}
