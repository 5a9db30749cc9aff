import { calculationSchema } from 'shared/api/loan/calculator';
import * as z from 'shared/validation/zod';

const offer = calculationSchema.shape;

/**
 * A loan's regulated figures, as the provider sends them for an offer (the calculator) and for
 * what was accepted (a loan's contract): the offer's own field schemas, so both read them alike.
 * An accepted contract's term is read as any whole number, as it always was.
 */
export const loanFiguresSchema = z.object({
  amount: offer.amount,
  term: z.int(),
  monthly_payment: offer.monthly_payment,
  total_payment: offer.total_payment,
  total_interest: offer.total_interest,
  service_fee: offer.service_fee,
  interest_rate: offer.interest_rate,
  effective_interest_rate: offer.effective_interest_rate,
});
export type LoanFigures = z.infer<typeof loanFiguresSchema>;
