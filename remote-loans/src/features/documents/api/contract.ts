import { queryOptions } from '@tanstack/react-query';
import { loanFiguresSchema } from 'shared/api/loan/loan-figures';
import { timestampSchema } from 'shared/api/money-schema';
import * as z from 'shared/validation/zod';
import { loanPartQuery } from '../../../lib/loan-part';

/**
 * The loan terms the application accepted (contract v1.2): that version, even after a newer
 * one is published, when it was accepted, and the key terms as they were offered then.
 * `content` is CMS HTML: shown only through ProviderHtml (sanitised).
 */
export const loanContractSchema = z.object({
  loan: z.int(),
  terms: z.object({
    id: z.int(),
    title: z.string(),
    version: z.string(),
    published_at: timestampSchema,
    content: z.string(),
  }),
  accepted_at: timestampSchema,
  key_terms: loanFiguresSchema,
});
export type LoanContract = z.infer<typeof loanContractSchema>;

/** GET /api/loan/loan/{id}/contract/. What was accepted does not change: fresh for the page. */
export const loanContractQuery = (loanId: number) =>
  queryOptions({
    ...loanPartQuery(loanContractSchema, 'contract', loanId),
    staleTime: Number.POSITIVE_INFINITY,
  });
