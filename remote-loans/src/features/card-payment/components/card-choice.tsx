import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Card } from 'shared/api/user/cards';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { cardsQuery } from 'shared/query/account-queries';
import { format } from 'shared/strings/ka';
import choices from '../../../components/choices.module.css';
import { kaCardConfirm } from '../ka-card-confirm';
import styles from './card-payment.module.css';

const t = kaCardConfirm;

/** Which card pays: a saved one (its id), or a new one on the bank's page, saved only if asked. */
export interface CardChoiceValue {
  card: number | null;
  saveCard: boolean;
}

export const NEW_CARD: CardChoiceValue = { card: null, saveCard: false };

/** A saved card as the customer knows it: brand, last four digits, expiry. */
export const cardName = (card: Card) =>
  format(t.savedCard, { brand: t.brand[card.brand], last4: card.last4, expires: card.expires });

/**
 * The confirmation's choice of card (contract v1.3): the customer's saved cards, or a new card
 * typed on the bank's page, with "save this card" an explicit, unticked choice. No card field
 * here: the number, expiry and code are the bank's page's alone. Saved cards that cannot be
 * listed leave the new card, and say so.
 */
export function CardChoice({
  value,
  onChange,
  disabled,
}: {
  value: CardChoiceValue;
  onChange: (value: CardChoiceValue) => void;
  disabled: boolean;
}) {
  const loggedIn = useLoggedIn();
  const cards = useQuery({ ...cardsQuery, enabled: loggedIn });
  const name = useId();
  const saved = cards.data ?? [];
  return (
    <fieldset className={choices.choices} disabled={disabled}>
      <legend className={choices.legend}>{t.cardLegend}</legend>
      {saved.map((card) => (
        <label key={card.id} className={choices.choice}>
          <input
            type="radio"
            name={name}
            checked={value.card === card.id}
            onChange={() => onChange({ card: card.id, saveCard: false })}
          />
          <span className={styles.choiceText}>{cardName(card)}</span>
        </label>
      ))}
      <label className={choices.choice}>
        <input
          type="radio"
          name={name}
          checked={value.card === null}
          onChange={() => onChange({ card: null, saveCard: false })}
        />
        <span className={styles.choiceText}>{t.newCard}</span>
      </label>
      {cards.isPending && loggedIn ? <p className="visually-hidden">{t.cardsLoading}</p> : null}
      {/* A provider without saved cards answers 404: nothing to say, the new card is all. */}
      {cards.isError && cards.error.status !== 404 ? (
        <p className={styles.hint}>{t.cardsFailed}</p>
      ) : null}
      {value.card === null ? (
        <>
          <p className={styles.hint}>{t.newCardHint}</p>
          <label className={styles.save}>
            <input
              type="checkbox"
              checked={value.saveCard}
              onChange={(event) => onChange({ card: null, saveCard: event.target.checked })}
            />
            <span>{t.saveCard}</span>
          </label>
        </>
      ) : (
        <p className={styles.hint}>{t.savedCardHint}</p>
      )}
    </fieldset>
  );
}
