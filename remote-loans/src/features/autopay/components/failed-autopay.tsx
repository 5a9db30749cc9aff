import { useId } from 'react';
import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { declineText } from '../../../lib/card-payment/declined-payment-notice';
import type { PaymentOrder } from '../../../lib/card-payment/payment-orders';
import { kaAutopayCard as t } from '../ka-autopay-card';
import styles from './autopay.module.css';

/**
 * The loan's last automatic charge was declined: said plainly on the loan, whose one pay button
 * pays now. Nothing was charged, and the loan is as it was.
 */
export function FailedAutopay({ order }: { order: PaymentOrder }) {
  const titleId = useId();
  const reason = declineText(order);
  return (
    <section className={styles.failed} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.title}>
        {t.failedTitle}
      </h4>
      <p>
        {format(t.failed, {
          date: formatDate(order.created_at),
          amount: formatMoney(order.amount),
          reason,
        })}
      </p>
      <p>{t.failedNext}</p>
    </section>
  );
}
