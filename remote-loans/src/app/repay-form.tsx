import { CardPaymentConfirm } from '../features/card-payment/components/card-payment-confirm';
import { usePaymentStep } from '../features/card-payment/hooks/use-payment-step';
import {
  RepayForm as Repayment,
  type RepayFormProps as RepaymentProps,
} from '../features/repayment/components/repay-form';

export type RepayFormProps = Omit<RepaymentProps, 'paymentStep'>;

/**
 * The repayment form as the page shows it: paid by card on the bank's page when the provider
 * takes payment orders (v1.3). The card confirmation comes in the form's own code
 * (repay-form-on-demand), so it is there when the customer confirms.
 */
export function RepayForm(props: RepayFormProps) {
  const paymentStep = usePaymentStep((confirm) => <CardPaymentConfirm {...confirm} />);
  return <Repayment {...props} paymentStep={paymentStep} />;
}
