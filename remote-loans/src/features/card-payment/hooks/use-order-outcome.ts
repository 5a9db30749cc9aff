import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateAccount } from 'shared/query/account-queries';
import { endAttemptsOf } from '../../../lib/card-payment/attempt-key';
import {
  fetchPaymentOrder,
  isOpenOrder,
  paymentOrderKeys,
} from '../../../lib/card-payment/payment-orders';

/** How often an undecided order is asked again: the bank decides in seconds, as a rule. */
export const OUTCOME_POLL_MS = 1500;
/** The longest wait between two asks while the provider keeps failing. */
export const OUTCOME_BACKOFF_MAX_MS = 15_000;

/** One order, fresh each time the page asks (its state is the provider's, never remembered). */
export const paymentOrderQuery = (id: number) =>
  queryOptions({
    queryKey: paymentOrderKeys.one(id),
    queryFn: ({ signal }) => fetchPaymentOrder(id, signal),
    staleTime: 0,
  });

/**
 * The order the customer came back with, asked again every 1.5 s until the bank has decided (a
 * failed ask waits twice as long each time, up to 15 s, and goes on); asking stops when the page
 * goes. Once decided, the account (the loan's figures) is asked again and the loan's attempts to
 * pay end: the next payment is a new attempt, with a new key.
 */
export function useOrderOutcome(id: number | null) {
  const query = useQuery({
    ...paymentOrderQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (current) => {
      const { data, error, fetchFailureCount } = current.state;
      if (data && !isOpenOrder(data)) return false;
      // Not this customer's order, or none: asking again changes nothing.
      if (error?.status === 404) return false;
      return fetchFailureCount > 0
        ? Math.min(OUTCOME_POLL_MS * 2 ** fetchFailureCount, OUTCOME_BACKOFF_MAX_MS)
        : OUTCOME_POLL_MS;
    },
  });
  const decided = query.data && !isOpenOrder(query.data) ? query.data : null;
  const decidedId = decided?.id;
  const decidedLoan = decided?.loan;
  useEffect(() => {
    if (decidedId === undefined || decidedLoan === undefined) return;
    endAttemptsOf(decidedLoan);
    void invalidateAccount();
  }, [decidedId, decidedLoan]);
  return query;
}
