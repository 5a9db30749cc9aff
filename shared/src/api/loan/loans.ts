import { requestJson } from 'shared/api/api-client';
import { isoDateSchema, moneySchema, timestampSchema } from 'shared/api/money-schema';
import * as z from 'shared/validation/zod';

export const loanStatusSchema = z.enum(['active', 'overdue', 'repaid']);
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
});
export type Loan = z.infer<typeof loanSchema>;

/** GET /api/loan/loan/: the logged-in user's loans. */
export function fetchLoans(signal?: AbortSignal): Promise<Loan[]> {
  return requestJson(z.array(loanSchema), { method: 'GET', url: '/api/loan/loan/', signal });
}
