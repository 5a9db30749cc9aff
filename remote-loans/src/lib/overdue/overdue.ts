import { queryOptions } from '@tanstack/react-query';
import { ApiError } from 'shared/api/api-error';
import { moneySchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export const overdueSchema = z.object({
  loan: z.int(),
  overdue_days: z.int().check(z.nonnegative()),
  overdue_amount: moneySchema,
  penalty: moneySchema,
  total_due: moneySchema,
  // v1.2: how fast the debt grows. A v1.1 provider sends neither; the notice then says nothing
  // of it.
  penalty_rate: z.optional(z.string().check(z.regex(/^\d+(\.\d+)?$/))),
  penalty_per_day: z.optional(moneySchema),
});
export type Overdue = z.infer<typeof overdueSchema>;

/**
 * GET /api/loan/overdue_loan_application/: the loan overdue longest, or null when nothing is
 * overdue (the provider answers 404 for "none", which is not a failure here).
 */
export async function fetchOverdue(signal?: AbortSignal): Promise<Overdue | null> {
  try {
    return await requestJson(overdueSchema, {
      method: 'GET',
      url: '/api/loan/overdue_loan_application/',
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under `account`: cleared with the session, and refreshed by invalidateAccount(). */
export const overdueQuery = queryOptions({
  queryKey: ['account', 'overdue'] as const,
  queryFn: ({ signal }) => fetchOverdue(signal),
});
