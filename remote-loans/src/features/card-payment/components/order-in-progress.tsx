import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { formatMoney } from 'shared/lib/money';
import { paymentPageAddress } from 'shared/lib/payment-page';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { useWrite } from 'shared/query/use-write';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import facts from '../../../components/facts.module.css';
import panel from '../../../components/money-action/money-action.module.css';
import { refusalText } from '../../../lib/refusal';
import { cancelPaymentOrder, type PaymentOrder, paymentOrderKeys } from '../api/payment-orders';
import { kaPaymentNotices } from '../ka-payment-notices';
import { endAttemptsOf } from '../lib/attempt-key';
import { takesFocus } from '../lib/focus-handoff';
import styles from './card-payment.module.css';

const t = kaPaymentNotices.inProgress;

/**
 * Cancels a `created` order (the customer has not paid on the bank's page): the loan can be paid
 * again at once. Anything else is the bank's to decide.
 */
export function useCancelOrder(order: PaymentOrder) {
  const queryClient = useQueryClient();
  return useWrite<PaymentOrder, void>({
    mutationKey: ['payment-order-cancel', order.id],
    mutationFn: () => cancelPaymentOrder(order.id),
    onSuccess: (canceled) => {
      endAttemptsOf(canceled.loan);
      queryClient.setQueryData(paymentOrderKeys.one(canceled.id), canceled);
    },
    // Canceled, or decided meanwhile (order_not_cancelable): the list says which.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentOrderKeys.all }),
  });
}

/** The way back to the bank's page while the order waits there, and a cancel beside it. */
export function ContinueOrCancel({ order }: { order: PaymentOrder }) {
  const cancel = useCancelOrder(order);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (order.status !== 'created') return null;
  const bank = paymentPageAddress(order.redirect_url);
  return (
    <>
      {bank ? null : <Alert tone="error">{kaPaymentNotices.pageUnavailable}</Alert>}
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <div className={panel.actions}>
        {/* A plain link: the bank's page in this tab, as the pay button sent the customer. */}
        {bank ? (
          <a className={styles.linkButton} href={bank}>
            {t.continue}
          </a>
        ) : null}
        <Button
          variant="secondary"
          disabled={cancel.busy}
          onClick={async () => {
            setRefusal(null);
            try {
              await cancel.send();
            } catch (error) {
              setRefusal(refusalText(toApiError(error)));
            }
          }}
        >
          {cancel.busy ? t.canceling : t.cancel}
        </Button>
      </div>
    </>
  );
}

/**
 * A loan's payment in progress (contract v1.3: one open order per loan), where its pay buttons
 * were: the amount, since when (Tbilisi time), and while the order waits on the bank's page a
 * link back there and a cancel. No second payment is offered until it is decided. When it
 * replaces the confirmation a press was made in (focus-handoff), its heading takes the focus.
 */
export function OrderInProgress({
  order,
  headingLevel,
}: {
  order: PaymentOrder;
  headingLevel: 3 | 4;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  useEffect(() => {
    if (takesFocus(order.loan)) heading.current?.focus();
  }, [order.loan]);
  return (
    // An article, not a region: the same loan's payment may show twice on the page (the next
    // payment and the loan's card), and two landmarks may not share a name.
    <article className={`${panel.panel} ${styles.progress}`} aria-labelledby={id}>
      <Heading id={id} ref={heading} tabIndex={-1} className={panel.title}>
        {t.title}
      </Heading>
      <dl className={facts.facts}>
        <div>
          <dt>{t.amount}</dt>
          <dd>{formatMoney(order.amount)}</dd>
        </div>
        <div>
          <dt>{t.since}</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
      </dl>
      <p className={styles.text}>{order.status === 'created' ? t.created : t.processing}</p>
      <p className={styles.text}>{t.noSecondPayment}</p>
      <ContinueOrCancel order={order} />
    </article>
  );
}
