import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useState } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney } from 'shared/lib/money';
import { cardsQuery } from 'shared/query/account-queries';
import { format, ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { useOverdue } from '../../../hooks/use-overdue';
import { statusOf } from '../../../lib/loan-status';
import { inRowOrder } from '../../../lib/schedule-order';
import type { Autopay } from '../api/autopay';
import { kaAutopayCard } from '../ka-autopay-card';
import { kaAutopayTerms } from '../ka-autopay-terms';

const t = { ...kaAutopayCard, ...kaAutopayTerms };

import styles from './autopay.module.css';
import { CardLabel } from './card-label';

/** What will be charged: the next charge, each remaining row's payment, and what is overdue. */
function WhatIsCharged({ loan, autopay }: { loan: Loan; autopay: Autopay }) {
  const overdue = useOverdue({ enabled: statusOf(loan) === 'overdue' });
  const own = overdue.data && overdue.data.loan === loan.id ? overdue.data : null;
  // The provider's next charge; a provider that leaves it out while off has the loan's next row.
  const next =
    autopay.next_charge ??
    (loan.next_payment_date && loan.next_payment_amount
      ? { date: loan.next_payment_date, amount: loan.next_payment_amount }
      : null);
  const rows = inRowOrder(loan.schedule).filter((row) => !row.paid);
  return (
    <>
      <p>{t.what}</p>
      {next ? (
        <p className={styles.strong}>
          {format(t.nextCharge, { date: formatDate(next.date), amount: formatMoney(next.amount) })}
        </p>
      ) : null}
      {own ? (
        <p>
          {format(t.overdue, {
            amount: formatMoney(own.overdue_amount),
            penalty: formatMoney(own.penalty),
          })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <>
          <p className={styles.meta}>{t.rows}</p>
          <ul className={styles.rows}>
            {rows.map((row) => (
              <li key={row.number}>
                {format(t.row, { date: formatDate(row.date), amount: formatMoney(row.payment) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/**
 * Turning automatic payment on: what will be charged, when, from which card and how to stop
 * it, read before the button that agrees, which comes after them. With no saved card there is
 * nothing to agree to: the terms say how a card is saved.
 */
export interface AutopayTermsProps {
  loan: Loan;
  autopay: Autopay;
  headingRef: RefObject<HTMLHeadingElement | null>;
  busy: boolean;
  onAgree: (cardId: number) => void;
  onClose: () => void;
}

export function AutopayTerms({
  loan,
  autopay,
  headingRef,
  busy,
  onAgree,
  onClose,
}: AutopayTermsProps) {
  // Opened by "turn on": the customer reads from the top. Its code may come after the press
  // (on demand), so the terms take the focus themselves when they are there.
  useEffect(() => {
    headingRef.current?.focus();
  }, [headingRef]);
  const cards = useQuery(cardsQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const name = useId();
  const saved = cards.data ?? [];
  // The first saved card unless the customer chose another.
  const cardId = chosen ?? saved[0]?.id ?? null;
  return (
    <div className={styles.terms}>
      <h5 ref={headingRef} tabIndex={-1} className={styles.subtitle}>
        {t.whatTitle}
      </h5>
      <WhatIsCharged loan={loan} autopay={autopay} />
      <h5 className={styles.subtitle}>{t.whenTitle}</h5>
      <p>{t.when}</p>
      <h5 className={styles.subtitle}>{t.cardTitle}</h5>
      {cards.isPending ? <p className={styles.meta}>{ka.common.loading}</p> : null}
      {cards.isError && !cards.data ? (
        <LoadError message={t.cardsError} onRetry={() => void cards.refetch()} />
      ) : null}
      {cards.data && saved.length === 0 ? <p>{t.noCard}</p> : null}
      {saved.length > 0 ? (
        <fieldset className={styles.cards}>
          <legend className={styles.meta}>{t.cardChoice}</legend>
          {saved.map((card) => (
            <label key={card.id} className={styles.option}>
              <input
                type="radio"
                name={name}
                value={card.id}
                checked={cardId === card.id}
                onChange={() => setChosen(card.id)}
              />
              <span>
                <CardLabel card={card} />{' '}
                <span className={styles.meta}>
                  {format(t.cardExpires, { expires: card.expires })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <h5 className={styles.subtitle}>{t.stopTitle}</h5>
      <p>{t.stop}</p>
      <div className={styles.actions}>
        {cardId !== null ? (
          <Button disabled={busy} onClick={() => onAgree(cardId)}>
            {t.agree}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </div>
  );
}
