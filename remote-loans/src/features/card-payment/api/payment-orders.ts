import { queryOptions } from '@tanstack/react-query';
import { moneySchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { cardSchema } from 'shared/api/user/cards';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';
import { paymentSchema } from '../../../lib/payments';

/**
 * Payment orders (contract v1.3): the customer pays by card on the bank's page. The order's
 * state lives at the provider; the client shows it and asks again, never remembers it.
 */
export const orderStatusSchema = z.enum([
  'created',
  'processing',
  'succeeded',
  'declined',
  'expired',
  'canceled',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const declineReasonSchema = z.enum([
  'insufficient_funds',
  'card_declined',
  'authentication_failed',
  'bank_unavailable',
]);
export type DeclineReason = z.infer<typeof declineReasonSchema>;

/** `autopay` orders are the provider's own automatic charges; a customer creates the other two. */
export const orderPurposeSchema = z.enum(['repayment', 'payoff', 'autopay']);
export type OrderPurpose = z.infer<typeof orderPurposeSchema>;

export const paymentOrderSchema = z.object({
  id: z.int(),
  loan: z.int(),
  purpose: orderPurposeSchema,
  amount: moneySchema,
  status: orderStatusSchema,
  /** The bank's page, an absolute address on the bank's origin: only while `created`. */
  redirect_url: z.nullable(z.string()),
  /*
   * Where the bank sends the customer back. An automatic charge has no customer to send back:
   * the contract does not say what it holds then, so null is read as well as an address.
   */
  return_url: z.nullable(z.string()),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  decided_at: z.nullable(timestampSchema),
  decline_reason: z.nullable(declineReasonSchema),
  card: z.nullable(cardSchema),
  payment: z.nullable(paymentSchema),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** An order the bank has not decided yet: the loan takes no other payment meanwhile. */
export const isOpenOrder = (order: PaymentOrder): boolean =>
  order.status === 'created' || order.status === 'processing';

/** The newest order of a loan (the list comes newest first), or undefined. */
export const lastOrderOf = (orders: readonly PaymentOrder[], loanId: number) =>
  orders.find((order) => order.loan === loanId);

/** The loan's open order, or undefined: the provider allows one at a time. */
export const openOrderOf = (orders: readonly PaymentOrder[], loanId: number) =>
  orders.find((order) => order.loan === loanId && isOpenOrder(order));

/**
 * The loan's last payment, when the bank declined it: the customer is told until the loan's
 * next order (their next payment, or the next automatic charge).
 */
export const lastDeclinedOf = (orders: readonly PaymentOrder[], loanId: number) => {
  const last = lastOrderOf(orders, loanId);
  return last?.status === 'declined' ? last : undefined;
};

/** The loan's automatic charge that failed, when it is the loan's latest order (lastDeclinedOf). */
export const failedAutopayOf = (orders: readonly PaymentOrder[], loanId: number) => {
  const declined = lastDeclinedOf(orders, loanId);
  return declined?.purpose === 'autopay' ? declined : undefined;
};

export const paymentOrderKeys = {
  all: [...accountKeys.all, 'payment-orders'] as const,
  one: (id: number) => [...accountKeys.all, 'payment-orders', id] as const,
};

/** GET /api/loan/payment_orders/: the customer's orders, newest first. */
export function fetchPaymentOrders(signal?: AbortSignal): Promise<PaymentOrder[]> {
  return requestJson(z.array(paymentOrderSchema), {
    method: 'GET',
    url: '/api/loan/payment_orders/',
    signal,
  });
}

export const paymentOrdersQuery = queryOptions({
  queryKey: paymentOrderKeys.all,
  queryFn: ({ signal }) => fetchPaymentOrders(signal),
  /*
   * The list a customer's page came with is the server's answer (issue 54): fresh for as long
   * as the page's own QueryClient holds answers fresh, said here so the browser does not ask
   * again on mount whatever defaults the host's QueryClient has. An open order is polled
   * regardless (usePaymentOrders), and a payment made here invalidates the list.
   */
  staleTime: 30_000,
});

/** GET /api/loan/payment_orders/{id}/. */
export function fetchPaymentOrder(id: number, signal?: AbortSignal): Promise<PaymentOrder> {
  return requestJson(paymentOrderSchema, {
    method: 'GET',
    url: `/api/loan/payment_orders/${id}/`,
    signal,
  });
}

/** POST /api/loan/payment_orders/{id}/cancel/: only a `created` order (else `order_not_cancelable`). */
export function cancelPaymentOrder(id: number): Promise<PaymentOrder> {
  return requestJson(paymentOrderSchema, {
    method: 'POST',
    url: `/api/loan/payment_orders/${id}/cancel/`,
    data: {},
  });
}

export interface NewPaymentOrder {
  purpose: 'repayment' | 'payoff';
  /** For `repayment`; a payoff's amount is the provider's quote for today. */
  amount?: string;
  card: number | null;
  save_card: boolean;
  /** An absolute address on the client's own site; the bank adds `order=<id>`. */
  return_url: string;
}

/**
 * POST /api/loan/loan/{id}/payment_orders/ with the attempt's `Idempotency-Key`: the caller
 * makes the key once per attempt to pay and sends it again with every repetition, so a
 * repeated request answers the same order (200) instead of a second one.
 */
export function createPaymentOrder(
  loanId: number,
  order: NewPaymentOrder,
  idempotencyKey: string,
): Promise<PaymentOrder> {
  const { amount, ...rest } = order;
  return requestJson(paymentOrderSchema, {
    method: 'POST',
    url: `/api/loan/loan/${loanId}/payment_orders/`,
    data: order.purpose === 'repayment' ? { ...rest, amount } : rest,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
