import { useId } from 'react';
import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { kaAutopayCard as t } from '../ka-autopay-card';
import styles from './autopay.module.css';

/** A declined automatic charge: when it was made, its amount, and why the bank declined it. */
export interface DeclinedCharge {
  date: string;
  amount: string;
  /** In the one wording the card payment gives each reason. */
  reason: string;
}

/**
 * The loan's last automatic charge was declined: said plainly on the loan, whose one pay button
 * pays now. Nothing was charged, and the loan is as it was.
 */
export function FailedAutopay({ charge }: { charge: DeclinedCharge }) {
  const titleId = useId();
  return (
    <section className={styles.failed} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.title}>
        {t.failedTitle}
      </h4>
      <p>
        {format(t.failed, {
          date: formatDate(charge.date),
          amount: formatMoney(charge.amount),
          reason: charge.reason,
        })}
      </p>
      <p>{t.failedNext}</p>
    </section>
  );
}
