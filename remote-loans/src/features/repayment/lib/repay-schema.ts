import { formatMoney, fromTetri } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import * as z from 'shared/validation/zod';
import { kaLoans } from '../../../ka-loans';
import { parseTypedAmount, REPAY_CHOICES, type RepaymentTerms } from './repayment-terms';

/** All a typed amount is checked against. */
export type RepaymentBounds = Pick<RepaymentTerms, 'min' | 'max' | 'penalty'>;

const t = kaLoans.repay;

const money = (tetri: number) => formatMoney(fromTetri(tetri));

/** Why a typed amount cannot be paid, in Georgian; null when it can. */
export function typedAmountProblem(text: string, terms: RepaymentBounds): string | null {
  if (text.trim() === '') return t.amountRequired;
  const tetri = parseTypedAmount(text);
  if (tetri === null) return t.amountInvalid;
  if (tetri < terms.min) return format(t.amountTooSmall, { min: money(terms.min) });
  if (tetri > terms.max) return format(t.amountTooLarge, { max: money(terms.max) });
  return null;
}

/** The repayment form: a choice, and the typed amount only when the choice is "other". */
export function repaySchema(terms: RepaymentBounds) {
  return z.object({ choice: z.enum(REPAY_CHOICES), amount: z.string() }).check(
    z.superRefine(({ choice, amount }, context) => {
      if (choice !== 'other') return;
      const problem = typedAmountProblem(amount, terms);
      if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
    }),
  );
}
export type RepayValues = z.infer<ReturnType<typeof repaySchema>>;
