import type { Card } from 'shared/api/user/cards';
import { formatDate } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { kaCards as t } from '../ka-cards';

/** "Visa •••• 1111": how a card is named on screen and in messages. */
export const cardName = (card: Card) => `${t.brand[card.brand]} •••• ${card.last4}`;

/** "Visa, ending in 1111": the same name read aloud, without the dots. */
export const cardSpoken = (card: Card) =>
  format(t.endingIn, { brand: t.brand[card.brand], last4: card.last4 });

/**
 * "12/28" read aloud as its month and year ("დეკემბერი, 2028"): the shared date words of the
 * first of that month, less the day.
 */
export function expirySpoken(card: Card): string {
  const [month = '', year = ''] = card.expires.split('/');
  const month1st = formatDate(`20${year}-${month}-01`);
  return format(t.expiresSpoken, { month: month1st.replace(/^1 /, '') });
}
