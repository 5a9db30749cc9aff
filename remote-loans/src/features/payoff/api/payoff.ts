import { queryOptions } from '@tanstack/react-query';
import { type Loan, loanSchema } from 'shared/api/loan/loans';
import { isoDateSchema, moneySchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';
import { fetchLoanPart, loanPartKey } from '../../../lib/loan-part';

/**
 * What paying the whole loan off on `date` costs (v1.1): `total = principal + interest +
 * penalty`; `interest_saved` is what the schedule would still have charged, and may be zero or
 * a few tetri below it (only the last row left, paid late): then paying early saves nothing.
 */
export const payoffSchema = z.object({
  loan: z.int(),
  date: isoDateSchema,
  principal: moneySchema,
  interest: moneySchema,
  penalty: moneySchema,
  total: moneySchema,
  scheduled_remaining: moneySchema,
  interest_saved: moneySchema,
});
export type Payoff = z.infer<typeof payoffSchema>;

/**
 * GET /api/loan/loan/{id}/payoff/?date=: a quote for today (no date) or a day up to 30 days
 * ahead; 400 `payoff_date_invalid` outside that window, `loan_closed` for a closed loan.
 */
export const fetchPayoff = (
  id: number,
  date: string | null,
  signal?: AbortSignal,
): Promise<Payoff> =>
  fetchLoanPart(payoffSchema, id, 'payoff', { signal, params: date ? { date } : undefined });

/** POST /api/loan/loan/{id}/payoff/: pays `total` today; the loan comes back `repaid`. */
export function payOff(id: number): Promise<Loan> {
  return requestJson(loanSchema, { method: 'POST', url: `/api/loan/loan/${id}/payoff/`, data: {} });
}

/** A quote belongs to the session (under `account`) and to the day it was asked for. */
export const payoffQuery = (id: number, date: string | null) =>
  queryOptions({
    queryKey: loanPartKey('payoff', id, date ?? 'today'),
    queryFn: ({ signal }) => fetchPayoff(id, date, signal),
    // A refused date is the customer's to change, not the network's to retry.
    retry: false,
  });
