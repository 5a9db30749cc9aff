import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/request-json';
import { accountKeys } from 'shared/query/account-queries';
import type * as z from 'shared/validation/zod';

/**
 * GET /api/loan/loan/{id}/{part}/: one part of a loan (its contract, payments, a quote),
 * checked against the contract's schema.
 */
export function fetchLoanPart<S extends z.ZodMiniType>(
  schema: S,
  loanId: number,
  part: string,
  options: { signal?: AbortSignal; params?: Record<string, string> } = {},
): Promise<z.infer<S>> {
  return requestJson(schema, {
    method: 'GET',
    url: `/api/loan/loan/${loanId}/${part}/`,
    ...options,
  });
}

/**
 * A loan part's query key, under `account`: the session's, cleared with it, and asked again
 * after a money action (which invalidates the account).
 */
export const loanPartKey = <P extends string, R extends readonly unknown[]>(
  part: P,
  loanId: number,
  ...rest: R
) => [...accountKeys.all, part, loanId, ...rest] as const;

/** A loan part's read: its key and its GET, for the hook that shows it. */
export const loanPartQuery = <S extends z.ZodMiniType>(schema: S, part: string, loanId: number) =>
  queryOptions({
    queryKey: loanPartKey(part, loanId),
    queryFn: ({ signal }) => fetchLoanPart(schema, loanId, part, { signal }),
  });
