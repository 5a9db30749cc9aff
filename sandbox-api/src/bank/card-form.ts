import { brandOf, cardDigits, expiryIssue, passesLuhn, ruleOfNumber } from '../lib/bank-rules';
import type { EnteredCard } from '../lib/payment-orders';
import { KA_BANK } from './ka-bank';

/** The card form's fields, as the contract names them. */
export const CARD_FIELDS = ['card_number', 'expiry', 'cvc', 'holder'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type CardFormResult =
  | { ok: true; card: EnteredCard }
  | { ok: false; errors: FieldErrors<CardField> };

/** A posted form field as text (a repeated field keeps its last value). */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) ? String(value.at(-1) ?? '') : '';

/** `08/29`, `0829` or `08 / 29` as `08/29`; anything else as typed. */
const normalisedExpiry = (typed: string): string => {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(typed.trim());
  return match ? `${match[1]}/${match[2]}` : typed.trim();
};

/**
 * Judges the card form on `today` (YYYY-MM-DD): the number by Luhn (spaces allowed) and brand,
 * the expiry a month not yet past, the code 3 digits, the holder's name given. Only the card's
 * brand, last four digits, expiry and the bank's rule for it come out.
 */
export function readCardForm(body: Record<string, unknown>, today: string): CardFormResult {
  const errors: FieldErrors<CardField> = {};
  const typedNumber = textOf(body.card_number).trim();
  const digits = cardDigits(typedNumber);
  if (typedNumber === '') errors.card_number = KA_BANK.errors.numberMissing;
  else if (!digits || !passesLuhn(digits)) errors.card_number = KA_BANK.errors.numberInvalid;
  const brand = digits ? brandOf(digits) : null;
  if (!errors.card_number && !brand) errors.card_number = KA_BANK.errors.brand;

  const expiry = normalisedExpiry(textOf(body.expiry));
  const expiryProblem = expiryIssue(expiry, today);
  if (expiryProblem === 'format') errors.expiry = KA_BANK.errors.expiryFormat;
  if (expiryProblem === 'past') errors.expiry = KA_BANK.errors.expiryPast;

  if (!/^\d{3}$/.test(textOf(body.cvc).trim())) errors.cvc = KA_BANK.errors.cvc;

  const holder = textOf(body.holder).trim();
  // One line of a name: no control characters, a sane length.
  if (holder === '' || holder.length > 100 || /\p{Cc}/u.test(holder)) {
    errors.holder = KA_BANK.errors.holder;
  }

  if (Object.keys(errors).length > 0 || !digits || !brand) return { ok: false, errors };
  return {
    ok: true,
    card: { brand, last4: digits.slice(-4), expires: expiry, rule: ruleOfNumber(digits) },
  };
}
