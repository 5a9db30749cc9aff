import { type Loan, loanSchema } from 'shared/api/loan/loans';
import { isoDateSchema, moneySchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';
import { loanPartQuery } from '../../../lib/loan-part';

/**
 * Withdrawing from a loan within 14 days (v1.1): the customer returns what they received plus
 * interest for the days used, less what they repaid; the withheld fee is refunded.
 * `amount_to_return` below zero means the lender owes the customer that sum.
 */
export const withdrawalSchema = z.object({
  loan: z.int(),
  available: z.boolean(),
  until: isoDateSchema,
  amount_to_return: moneySchema,
  interest: moneySchema,
  fee_refunded: moneySchema,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * POST /api/loan/loan/{id}/withdraw/: the loan comes back `withdrawn`; 400
 * `withdrawal_period_over` after its 14 days, `loan_closed` for a closed loan.
 */
export function withdraw(id: number): Promise<Loan> {
  return requestJson(loanSchema, {
    method: 'POST',
    url: `/api/loan/loan/${id}/withdraw/`,
    data: {},
  });
}

/** GET /api/loan/loan/{id}/withdrawal/. */
export const withdrawalQuery = (id: number) => loanPartQuery(withdrawalSchema, 'withdrawal', id);
