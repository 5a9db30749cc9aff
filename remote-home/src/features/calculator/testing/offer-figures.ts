import { formatMoney } from 'shared/lib/money';
import { calculationFor, calculatorBounds } from 'shared/testing/fixtures';

/** Money as the customer reads it; queries normalise the formatter's no-break spaces. */
export const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

/** The sandbox's offer to a visitor for this amount (lari) and term (months). */
export const visitorOffer = (lari: number, term: number) =>
  calculationFor(lari, term, calculatorBounds(null));
