import { moneySchema, timestampSchema } from 'shared/api/money-schema';
import * as z from 'shared/validation/zod';
import { loanPartQuery } from './loan-part';

/**
 * A payment as the provider applied it (contract v1.2): penalty first, then each row's
 * interest before its principal, so `penalty + interest + principal = amount`. A payoff's split
 * is its quote's. `receipt_number` is the provider's, unique (`R-<loan>-<n>`).
 */
export const paymentSchema = z.object({
  id: z.int(),
  loan: z.int(),
  /** v1.3 adds `autopay`: an automatic charge the customer turned on. */
  kind: z.enum(['repayment', 'payoff', 'autopay']),
  amount: moneySchema,
  penalty: moneySchema,
  interest: moneySchema,
  principal: moneySchema,
  paid_at: timestampSchema,
  receipt_number: z.string().check(z.minLength(1)),
  /** v1.3: the payment order it came from (a card payment), or null; absent before v1.3. */
  order: z.optional(z.nullable(z.int())),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/loan/loan/{id}/payments/: the loan's payments, oldest first. */
export const paymentsQuery = (loanId: number) =>
  loanPartQuery(z.array(paymentSchema), 'payments', loanId);
