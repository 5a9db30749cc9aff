import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { invalidateAccount } from 'shared/query/account-queries';
import { fetchPaymentOrder, isOpenOrder, paymentOrderKeys } from '../api/payment-orders';
import { endAttemptsOf } from '../lib/attempt-key';

/** How often an undecided order is asked again: the bank decides in seconds, as a rule. */
export const OUTCOME_POLL_MS = 1500;
/** The longest wait between two asks while the provider keeps failing. */
export const OUTCOME_BACKOFF_MAX_MS = 15_000;
/** After this long a wait is longer than usual: the page says so, and asks less often. */
export const LONG_WAIT_MS = 60_000;
/** How often an order the bank takes long over is asked (it decides within 15 minutes). */
export const OUTCOME_SLOW_POLL_MS = 5000;

/**
 * When to ask again: each failed ask in a row waits twice as long as the one before, up to
 * 15 s; a wait past a minute asks every 5 s instead of every 1.5 s.
 */
export function nextAskMs({ failures, longWait }: { failures: number; longWait: boolean }): number {
  if (failures > 0) return Math.min(OUTCOME_POLL_MS * 2 ** failures, OUTCOME_BACKOFF_MAX_MS);
  return longWait ? OUTCOME_SLOW_POLL_MS : OUTCOME_POLL_MS;
}

/** One order, fresh each time the page asks (its state is the provider's, never remembered). */
export const paymentOrderQuery = (id: number) =>
  queryOptions({
    queryKey: paymentOrderKeys.one(id),
    queryFn: ({ signal }) => fetchPaymentOrder(id, signal),
    staleTime: 0,
  });

/** Whether the page has waited past LONG_WAIT_MS while `waiting` (browser time, from an effect). */
function useLongWait(waiting: boolean): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLong(true), LONG_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting && long;
}

/**
 * The order the customer came back with, asked again until the bank has decided (nextAskMs);
 * asking stops when the page goes, and while no session is open (a session ended by the
 * inactivity rule asks nothing more; once logged in again, the same order is asked). Once
 * decided, the account (the loan's figures) is asked again and the loan's attempts to pay end,
 * here and in the other tabs: the next payment is a new attempt, with a new key.
 */
export function useOrderOutcome(id: number | null) {
  const loggedIn = useLoggedIn();
  // Failed asks in a row, counted as they happen: the next ask's wait is read from it.
  const failures = useRef(0);
  const [undecided, setUndecided] = useState(true);
  const longWait = useLongWait(id !== null && loggedIn && undecided);
  const slow = useRef(longWait);
  slow.current = longWait;
  const base = paymentOrderQuery(id ?? 0);
  const query = useQuery({
    ...base,
    queryFn: async (context) => {
      try {
        const order = await fetchPaymentOrder(id ?? 0, context.signal);
        failures.current = 0;
        return order;
      } catch (error) {
        failures.current += 1;
        throw error;
      }
    },
    enabled: id !== null && loggedIn,
    refetchInterval: (current) => {
      const { data, error } = current.state;
      if (data && !isOpenOrder(data)) return false;
      // Not this customer's order, or none: asking again changes nothing.
      if (error?.status === 404) return false;
      return nextAskMs({ failures: failures.current, longWait: slow.current });
    },
  });
  const decided = query.data && !isOpenOrder(query.data) ? query.data : null;
  const decidedId = decided?.id;
  const decidedLoan = decided?.loan;
  useEffect(() => setUndecided(decidedId === undefined), [decidedId]);
  useEffect(() => {
    if (decidedId === undefined || decidedLoan === undefined) return;
    endAttemptsOf(decidedLoan);
    void invalidateAccount();
  }, [decidedId, decidedLoan]);
  return { query, loggedIn, longWait };
}
