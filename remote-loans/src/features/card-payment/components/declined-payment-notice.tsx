import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import type { PaymentOrder } from '../api/payment-orders';
import { kaPaymentNotices } from '../ka-payment-notices';
import styles from './card-payment.module.css';

const t = kaPaymentNotices;

/** Why the bank declined an order, in the one wording each reason has. */
export const declineText = (order: PaymentOrder): string =>
  order.decline_reason ? t.declined[order.decline_reason] : t.declinedUnknown;

/**
 * The loan's last payment was declined (contract v1.3: its latest order, `declined`): an
 * automatic charge, or one the customer made and may have left before the outcome. Said
 * plainly where the customer pays, above the loan's one pay button; nothing was charged, and
 * the loan is as it was.
 */
export function DeclinedPaymentNotice({ order }: { order: PaymentOrder }) {
  return (
    <div className={styles.failed}>
      <Alert tone="info">
        {format(order.purpose === 'autopay' ? t.autopayFailed : t.paymentFailed, {
          date: formatDate(order.decided_at ?? order.created_at),
          amount: formatMoney(order.amount),
          reason: declineText(order),
        })}
      </Alert>
    </div>
  );
}
