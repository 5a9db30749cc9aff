import type { Card } from 'shared/api/user/cards';
import { cardName, cardSpoken } from '../lib/card-words';

/** A card's name: dots on screen, words for a screen reader. */
export function CardLabel({ card }: { card: Card }) {
  return (
    <>
      <span aria-hidden="true">{cardName(card)}</span>
      <span className="visually-hidden">{cardSpoken(card)}</span>
    </>
  );
}
