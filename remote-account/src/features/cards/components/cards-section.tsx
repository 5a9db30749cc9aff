import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type Card, removeCard } from 'shared/api/user/cards';
import { cardsQuery, invalidateAccount } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { kaCards as t } from '../ka-cards';
import { cardName, cardSpoken, expirySpoken } from '../lib/card-words';
import styles from './cards-section.module.css';

/** Removes one card; the list and every loan's automatic payment (which may have used it) follow. */
function useRemoveCard(card: Card) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationKey: ['account', 'cards', 'remove', card.id],
    mutationFn: async () => {
      await removeCard(card.id);
      return card;
    },
    onSuccess: () => {
      queryClient.setQueryData(cardsQuery.queryKey, (cards) =>
        cards?.filter((each) => each.id !== card.id),
      );
      // The provider turns off an automatic payment that used the card: everything under
      // `account` (the loans' automatic payments among it) is asked again.
      void invalidateAccount();
    },
  });
}

/** One card: its name and expiry, and its removal, confirmed inline where it was asked. */
function CardItem({ card, onRemoved }: { card: Card; onRemoved: (card: Card) => void }) {
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLLegendElement>(null);
  const returnFocus = useRef(false);
  const write = useRemoveCard(card);

  // The question is read before the answer is chosen; cancelling gives the focus back to the
  // button that asked, which the confirmation replaced.
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (returnFocus.current) removeButton.current?.focus();
    returnFocus.current = false;
  }, [confirming]);

  const cancel = () => {
    returnFocus.current = true;
    write.reset();
    setConfirming(false);
  };
  const confirm = () => {
    write.send().then(
      (removed) => {
        if (removed) onRemoved(removed);
      },
      // Said beside the confirmation (write.isError); the customer may try again or cancel.
      () => undefined,
    );
  };

  return (
    <li className={styles.card}>
      <p className={styles.name}>
        <span aria-hidden="true">{cardName(card)}</span>
        <span className="visually-hidden">{cardSpoken(card)}</span>
      </p>
      <p className={styles.meta}>
        <span aria-hidden="true">{format(t.expires, { expires: card.expires })}</span>
        <span className="visually-hidden">{expirySpoken(card)}</span>
      </p>
      {confirming ? (
        <fieldset className={styles.confirm}>
          <legend ref={question} tabIndex={-1} className={styles.question}>
            {format(t.confirmQuestion, { card: cardSpoken(card) })}
          </legend>
          <p className={styles.meta}>{t.confirmAutopay}</p>
          {write.isError ? <Alert tone="error">{t.removeFailed}</Alert> : null}
          <div className={styles.actions}>
            <Button disabled={write.busy} onClick={confirm}>
              {t.confirmRemove}
            </Button>
            <Button variant="secondary" disabled={write.busy} onClick={cancel}>
              {t.cancel}
            </Button>
          </div>
          {write.busy ? (
            <p role="status" className={styles.meta}>
              {t.removing}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <div>
          <Button
            ref={removeButton}
            variant="secondary"
            aria-label={format(t.removeCard, { card: cardSpoken(card) })}
            onClick={() => setConfirming(true)}
          >
            {t.remove}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The customer's saved cards in the account panel (contract v1.3): each one's brand, last four
 * digits and expiry, removed after a confirmation. A provider without v1.3 answers the list
 * with a 404: the section is then not shown at all.
 */
export function CardsSection() {
  const cards = useQuery(cardsQuery);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<Card | null>(null);

  if (cards.error?.status === 404) return null;

  const onRemoved = (card: Card) => {
    setRemoved(card);
    // The removed card's controls are gone: the focus goes to the list's heading, and the
    // message below it says what happened.
    heading.current?.focus();
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
        {t.title}
      </h3>
      {removed ? (
        <Alert tone="success">{format(t.removed, { card: cardSpoken(removed) })}</Alert>
      ) : null}
      {cards.isPending ? <p className={styles.meta}>{t.loading}</p> : null}
      {cards.isError && !cards.data ? (
        <LoadError message={t.loadError} onRetry={() => void cards.refetch()} />
      ) : null}
      {cards.data && cards.data.length === 0 ? (
        <div className={styles.empty}>
          <p>{t.empty}</p>
          <p className={styles.meta}>{t.howToSave}</p>
        </div>
      ) : null}
      {cards.data && cards.data.length > 0 ? (
        <ul className={styles.list}>
          {cards.data.map((card) => (
            <CardItem key={card.id} card={card} onRemoved={onRemoved} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
