/**
 * The sandbox bank's rules (contract v1.3): which card numbers it takes and how it answers
 * each. Nothing here keeps a number: callers get its brand, last four digits and rule.
 */

export type CardBrand = 'visa' | 'mastercard';

/** How the bank answers a card: approves it, asks for its one-time code first, or declines. */
export type CardRule = 'approve' | 'code' | 'insufficient_funds' | 'card_declined';

export type DeclineReason =
  | 'insufficient_funds'
  | 'card_declined'
  | 'authentication_failed'
  | 'bank_unavailable';

/** What the bank decides about a payment it has the card (and code) for. */
export type BankOutcome = 'succeeded' | DeclineReason;

/**
 * The contract's test cards. Any other number that passes Luhn is approved (a sandbox bank
 * with one failure mode per card, so a test never meets a decline it did not ask for).
 */
const TEST_CARDS: Readonly<Record<string, CardRule>> = {
  '4111111111111111': 'approve',
  '4000000000003220': 'code',
  '4000000000009995': 'insufficient_funds',
  '4000000000000002': 'card_declined',
};

/** A saved card is answered by the rule of the test card with its last four digits. */
const RULE_BY_LAST4: Readonly<Record<string, CardRule>> = {
  '3220': 'code',
  '9995': 'insufficient_funds',
  '0002': 'card_declined',
};

/** The digits of a typed card number: spaces (as printed on the card) are allowed. */
export function cardDigits(typed: string): string | null {
  const digits = typed.replace(/ /g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Visa starts with 4; Mastercard with 51–55 or 2221–2720. The bank takes no other brand. */
export function brandOf(digits: string): CardBrand | null {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}

export const ruleOfNumber = (digits: string): CardRule => TEST_CARDS[digits] ?? 'approve';

export const ruleOfLast4 = (last4: string): CardRule => RULE_BY_LAST4[last4] ?? 'approve';

/**
 * What the bank decides once it may charge the card: a code card is approved once its code
 * was given (or for a charge the lender initiates, which asks for none).
 */
export const outcomeOf = (rule: CardRule): BankOutcome =>
  rule === 'approve' || rule === 'code' ? 'succeeded' : rule;

/** `MM/YY` of a card valid in the month of `today` (YYYY-MM-DD) or later; null otherwise. */
export function expiryIssue(typed: string, today: string): 'format' | 'past' | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(typed.trim());
  if (!match) return 'format';
  const [, month, year] = match as unknown as [string, string, string];
  // A card is valid to the end of its expiry month.
  return `20${year}-${month}` < today.slice(0, 7) ? 'past' : null;
}
