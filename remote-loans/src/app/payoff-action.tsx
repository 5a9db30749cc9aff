import { OnDemand } from '../components/on-demand';
import { cardPaymentConfirm } from '../features/card-payment/components/card-payment-confirm-on-demand';
import { usePaymentStep } from '../features/card-payment/hooks/use-payment-step';
import {
  PayoffAction as Payoff,
  type PayoffActionProps as PayoffProps,
} from '../features/payoff/components/payoff-action';

/**
 * Paying a loan off early as the page shows it: paid by card on the bank's page when the
 * provider takes payment orders (v1.3), the confirmation's code fetched once "pay today" is
 * reached for (decision 031), since the payoff's own code comes with every customer's page.
 */
export function PayoffAction(props: Omit<PayoffProps, 'paymentStep'>) {
  const paymentStep = usePaymentStep(
    (confirm) => <OnDemand part={cardPaymentConfirm} props={confirm} />,
    cardPaymentConfirm.intent,
  );
  return <Payoff {...props} paymentStep={paymentStep} />;
}
