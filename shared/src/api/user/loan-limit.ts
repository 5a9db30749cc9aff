import { moneySchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export const loanLimitSchema = z.object({
  amount_limit: moneySchema,
  /** Allowed terms in months; exactly one entry fixes the loan's duration (spec §5). */
  term_limit: z.array(z.int().check(z.positive())),
});
export type LoanLimit = z.infer<typeof loanLimitSchema>;

/** GET /api/user/user/loan_limit/: the logged-in customer's limit. */
export function fetchLoanLimit(signal?: AbortSignal): Promise<LoanLimit> {
  return requestJson(loanLimitSchema, {
    method: 'GET',
    url: '/api/user/user/loan_limit/',
    signal,
  });
}
