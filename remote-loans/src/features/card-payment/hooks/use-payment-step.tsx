import type { ReactNode } from 'react';
import { LoadError } from 'shared/ui/load-error';
import type {
  PaymentConfirmProps,
  PaymentStep,
} from '../../../components/money-action/payment-step';
import type { IntentHandlers } from '../../../components/on-demand';
import { kaPaymentNotices } from '../ka-payment-notices';
import { usePaymentOrders } from './use-payment-orders';

/**
 * The card payment as the step a money action pays through (contract v1.3), decided by how the
 * provider takes payments (usePaymentOrders): its orders, the bank's page (`render`, the card
 * confirmation); none (`direct`), the action's own confirmation. A failure to tell is said with
 * a retry, never paid directly on a guess: a v1.3 provider takes repay/ as money received.
 */
export function usePaymentStep(
  render: (props: PaymentConfirmProps) => ReactNode,
  intent?: IntentHandlers,
): PaymentStep {
  const paying = usePaymentOrders();
  return {
    direct: paying.mode === 'direct',
    intent,
    confirm: ({ pending, ...props }) => {
      if (paying.mode === 'orders') return render(props);
      if (paying.mode === 'unknown') {
        return (
          <LoadError
            message={kaPaymentNotices.modeFailed}
            onRetry={() => void paying.query.refetch()}
          />
        );
      }
      return pending;
    },
  };
}
