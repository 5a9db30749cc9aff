import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiError } from 'shared/api/api-error';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { invalidateAccount } from 'shared/query/account-queries';
import { isOpenOrder, type PaymentOrder, paymentOrdersQuery } from '../api/payment-orders';
import {
  endAttemptsOf,
  endAttemptsOfEndedOrders,
  listenForEndedAttempts,
} from '../lib/attempt-key';

/**
 * How this provider takes a payment: `orders` when GET /api/loan/payment_orders/ answers 200
 * (contract v1.3, the bank's page), `direct` when it does not know the call (repay/ and payoff/
 * as before v1.3). `pending` until it has answered; `unknown` when it failed otherwise (a 5xx,
 * no connection): a v1.3 provider's repay/ stands for money already taken, so a failure is never
 * read as "pay directly".
 */
export type PayingMode = 'orders' | 'direct' | 'pending' | 'unknown';

/** The provider has no payment orders: it does not know the path (or the method). */
const withoutOrders = (error: ApiError) =>
  error.kind === 'http' && (error.status === 404 || error.status === 405 || error.status === 501);

/** While an order is open, the list is asked again this often: the bank decides in seconds. */
export const OPEN_ORDER_POLL_MS = 5000;

/** Orders this page saw open: when one is decided, the loans it paid are asked again once. */
const seenOpen = new Set<number>();

/**
 * The customer's payment orders (newest first) and what they say about paying: asked during a
 * session, again every few seconds while one is open (another tab, the bank deciding), and the
 * account asked again when an order this page saw open reaches its outcome; the attempts to pay
 * whose orders ended end with them (attempt-key).
 */
export function usePaymentOrders() {
  const loggedIn = useLoggedIn();
  const query = useQuery({
    ...paymentOrdersQuery,
    enabled: loggedIn,
    refetchInterval: (current) =>
      current.state.data?.some(isOpenOrder) ? OPEN_ORDER_POLL_MS : false,
  });
  const orders = query.data;
  useEffect(listenForEndedAttempts, []);
  useEffect(() => {
    if (!orders) return;
    // An attempt whose order ended, wherever that was seen, is spent: the next press is new.
    endAttemptsOfEndedOrders(orders);
    let decided = false;
    for (const order of orders) {
      if (isOpenOrder(order)) seenOpen.add(order.id);
      else if (seenOpen.delete(order.id)) {
        decided = true;
        endAttemptsOf(order.loan);
      }
    }
    // The loan's figures changed with the outcome (or its limit, its overdue answer).
    if (decided) void invalidateAccount();
  }, [orders]);
  const mode: PayingMode = orders
    ? 'orders'
    : query.isError
      ? withoutOrders(query.error)
        ? 'direct'
        : 'unknown'
      : 'pending';
  return { query, orders: orders ?? [], mode };
}

/** A list of orders as the page shows it (for tests and the server's prefetch). */
export type Orders = readonly PaymentOrder[];
