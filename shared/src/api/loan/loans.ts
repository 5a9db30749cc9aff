import { isoDateSchema, moneySchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

/** v1.1 adds `withdrawn`: the customer withdrew within 14 days; like `repaid`, it is closed. */
export const loanStatusSchema = z.enum(['active', 'overdue', 'repaid', 'withdrawn']);
export type LoanStatus = z.infer<typeof loanStatusSchema>;

export const scheduleRowSchema = z.object({
  number: z.int(),
  date: isoDateSchema,
  principal: moneySchema,
  interest: moneySchema,
  payment: moneySchema,
  balance: moneySchema,
});

export const loanSchema = z.object({
  id: z.int(),
  application: z.int(),
  amount: moneySchema,
  term: z.int(),
  status: loanStatusSchema,
  issued_at: timestampSchema,
  monthly_payment: moneySchema,
  outstanding: moneySchema,
  next_payment_date: z.nullable(isoDateSchema),
  next_payment_amount: z.nullable(moneySchema),
  schedule: z.array(z.extend(scheduleRowSchema, { paid: z.boolean() })),
  /*
   * v1.1's two fields are optional at this boundary: a slice released after them may meet a
   * host whose shared schema predates them and strips them (pnpm test:skew, decision 019), and
   * must then show the loan without what they add, not fail.
   */
  /** v1.1: the last day (Tbilisi) the customer may withdraw: the issue date plus 14 days. */
  withdrawal_until: z.optional(isoDateSchema),
  /** v1.1: when the loan was repaid (by payoff or by its rows) or withdrawn; null while open. */
  closed_at: z.optional(z.nullable(timestampSchema)),
});
export type Loan = z.infer<typeof loanSchema>;

/** GET /api/loan/loan/: the logged-in user's loans. */
export function fetchLoans(signal?: AbortSignal): Promise<Loan[]> {
  return requestJson(z.array(loanSchema), { method: 'GET', url: '/api/loan/loan/', signal });
}
