import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import styles from './card-payment.module.css';
import { kaPaymentNotices } from './ka-payment-notices';
import type { PaymentOrder } from './payment-orders';

const t = kaPaymentNotices;

/**
 * A failed automatic charge (contract v1.3: the loan's last order, purpose `autopay`, declined),
 * said plainly where the customer pays, with a way to pay now. Nothing was charged; the loan is
 * as it was.
 */
export function FailedAutopayNotice({
  order,
  onPayNow,
}: {
  order: PaymentOrder;
  onPayNow: () => void;
}) {
  const reason = order.decline_reason ? t.declined[order.decline_reason] : t.nothingCharged;
  return (
    <div className={styles.failed}>
      <Alert tone="info">
        {format(t.autopayFailed, {
          date: formatDate(order.decided_at ?? order.created_at),
          amount: formatMoney(order.amount),
          reason,
        })}
      </Alert>
      <Button onClick={onPayNow}>{t.payNow}</Button>
    </div>
  );
}
