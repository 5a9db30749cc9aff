import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/api-client';
import { moneySchema, timestampSchema } from 'shared/api/money-schema';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

/**
 * A payment as the provider applied it (contract v1.2): penalty first, then each row's
 * interest before its principal, so `penalty + interest + principal = amount`. A payoff's split
 * is its quote's. `receipt_number` is the provider's, unique (`R-<loan>-<n>`).
 */
export const paymentSchema = z.object({
  id: z.int(),
  loan: z.int(),
  kind: z.enum(['repayment', 'payoff']),
  amount: moneySchema,
  penalty: moneySchema,
  interest: moneySchema,
  principal: moneySchema,
  paid_at: timestampSchema,
  receipt_number: z.string().check(z.minLength(1)),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/loan/loan/{id}/payments/: the loan's payments, oldest first. */
export function fetchPayments(loanId: number, signal?: AbortSignal): Promise<Payment[]> {
  return requestJson(z.array(paymentSchema), {
    method: 'GET',
    url: `/api/loan/loan/${loanId}/payments/`,
    signal,
  });
}

/**
 * Under `account`: the session's, cleared with it, and asked again after a payment (which
 * invalidates the account).
 */
export const paymentsQuery = (loanId: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'payments', loanId] as const,
    queryFn: ({ signal }) => fetchPayments(loanId, signal),
  });
