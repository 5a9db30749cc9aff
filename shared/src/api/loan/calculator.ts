import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { scheduleRowSchema } from 'shared/api/loan/loans';
import { moneySchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

/** Annual percentages travel as decimal strings ("24.00"). */
const percentSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/));

export const calculationSchema = z.object({
  amount: moneySchema,
  term: z.int().check(z.positive()),
  monthly_payment: moneySchema,
  total_payment: moneySchema,
  total_interest: moneySchema,
  service_fee: moneySchema,
  interest_rate: percentSchema,
  effective_interest_rate: percentSchema,
  /** The product's bounds, narrowed by the customer's limit when a session is sent. */
  min_amount: moneySchema,
  max_amount: moneySchema,
  terms: z.array(z.int().check(z.positive())),
  schedule: z.array(scheduleRowSchema),
});
export type Calculation = z.infer<typeof calculationSchema>;

export interface CalculationRequest {
  /** Decimal string, two places ("1500.00"). */
  amount: string;
  /** Months. */
  term: number;
}

/** GET /api/loan/calculator?amount=&term=: anonymous allowed; a session narrows the bounds. */
export function fetchCalculation(
  request: CalculationRequest,
  signal?: AbortSignal,
): Promise<Calculation> {
  return requestJson(calculationSchema, {
    method: 'GET',
    url: '/api/loan/calculator',
    params: { amount: request.amount, term: request.term },
    signal,
  });
}

/**
 * One answer per amount, term and kind of caller (the home slice's calculator and the loans
 * slice's key terms read the same cache): a customer's bounds differ from a
 * visitor's, and the page's QueryClient is cleared when a session ends. The last answer
 * stays on screen while the next loads; a request whose answer nobody waits for any more is
 * aborted, so a stale answer never replaces a newer one.
 */
export function calculationQuery(request: CalculationRequest, customer: boolean) {
  return queryOptions({
    queryKey: ['calculator', customer ? 'customer' : 'visitor', request.amount, request.term],
    queryFn: ({ signal }) => fetchCalculation(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
