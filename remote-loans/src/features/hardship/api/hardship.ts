import { queryOptions } from '@tanstack/react-query';
import { isoDateSchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

export const HARDSHIP_KINDS = ['payment_holiday', 'date_change', 'restructuring'] as const;
export const HARDSHIP_REASONS = ['income_loss', 'illness', 'other'] as const;
/** The contract's longest explanation (0 to 1000 characters). */
export const HARDSHIP_TEXT_MAX = 1000;

/**
 * A request for help with a loan's payments (contract v1.2). Asking changes nothing by itself:
 * the loan stays as it is until the lender accepts. `answer_due` is 10 days after it was sent.
 */
export const hardshipSchema = z.object({
  id: z.int(),
  loan: z.int(),
  kind: z.enum(HARDSHIP_KINDS),
  reason: z.enum(HARDSHIP_REASONS),
  text: z.string(),
  status: z.enum(['received', 'accepted', 'declined']),
  created_at: timestampSchema,
  // A date ("2026-12-05"), or a moment where a provider writes one.
  answer_due: z.union([isoDateSchema, timestampSchema]),
  answer: z.nullable(z.string()),
});
export type HardshipRequest = z.infer<typeof hardshipSchema>;
export type HardshipAsk = Pick<HardshipRequest, 'kind' | 'reason' | 'text'>;

/** GET /api/loan/loan/{id}/hardship/: the loan's requests, newest first. */
export function fetchHardship(loanId: number, signal?: AbortSignal): Promise<HardshipRequest[]> {
  return requestJson(z.array(hardshipSchema), {
    method: 'GET',
    url: `/api/loan/loan/${loanId}/hardship/`,
    signal,
  });
}

/**
 * POST /api/loan/loan/{id}/hardship/: 201 with the request; 400 `hardship_request_open` while
 * one is being considered, `loan_closed` for a closed loan.
 */
export function askHardship(loanId: number, ask: HardshipAsk): Promise<HardshipRequest> {
  return requestJson(hardshipSchema, {
    method: 'POST',
    url: `/api/loan/loan/${loanId}/hardship/`,
    data: ask,
  });
}

/** Under `account`: the session's, cleared with it. */
export const hardshipQuery = (loanId: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'hardship', loanId] as const,
    queryFn: ({ signal }) => fetchHardship(loanId, signal),
  });
