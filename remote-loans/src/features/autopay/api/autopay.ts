import { queryOptions } from '@tanstack/react-query';
import { ApiError } from 'shared/api/api-error';
import { isoDateSchema, moneySchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { cardSchema } from 'shared/api/user/cards';
import * as z from 'shared/validation/zod';
import { fetchLoanPart, loanPartKey } from '../../../lib/loan-part';

/**
 * A loan's automatic payment (contract v1.3): with a card, the provider charges it on each due
 * date at 10:00 Tbilisi time for what is due that day. `next_charge` is the first unpaid row due
 * today or later, with what is due by then (the unpaid rows up to it and the penalty).
 */
export const autopaySchema = z.object({
  loan: z.int(),
  card: z.nullable(cardSchema),
  since: z.nullable(timestampSchema),
  next_charge: z.nullable(z.object({ date: isoDateSchema, amount: moneySchema })),
});
export type Autopay = z.infer<typeof autopaySchema>;

/**
 * GET /api/loan/loan/{id}/autopay/, or null from a provider without v1.3 (its 404): the loan
 * then says nothing of automatic payment.
 */
export async function fetchAutopay(loanId: number, signal?: AbortSignal): Promise<Autopay | null> {
  try {
    return await fetchLoanPart(autopaySchema, loanId, 'autopay', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under `account`: asked again after a money action, or after a saved card is removed. */
export const autopayQuery = (loanId: number) =>
  queryOptions({
    queryKey: loanPartKey('autopay', loanId),
    queryFn: ({ signal }) => fetchAutopay(loanId, signal),
  });

/** PUT /api/loan/loan/{id}/autopay/: a saved card's id turns it on, null off; 400 `loan_closed`. */
export function setAutopay(loanId: number, card: number | null): Promise<Autopay> {
  return requestJson(autopaySchema, {
    method: 'PUT',
    url: `/api/loan/loan/${loanId}/autopay/`,
    data: { card },
  });
}
