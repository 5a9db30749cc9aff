import type { Card } from 'shared/api/user/cards';
import { format } from 'shared/strings/ka';
import { kaAutopay as t } from '../ka-autopay';

/** "Visa •••• 1111": a card as the screen names it. */
export const cardName = (card: Card) => `${t.brand[card.brand]} •••• ${card.last4}`;

/** "Visa, ending in 1111": the same name read aloud, without the dots. */
export const cardSpoken = (card: Card) =>
  format(t.cardSpoken, { brand: t.brand[card.brand], last4: card.last4 });
