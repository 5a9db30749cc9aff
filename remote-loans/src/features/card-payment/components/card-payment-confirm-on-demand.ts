import type { PaymentConfirmProps } from '../../../components/money-action/payment-step';
import { onDemand } from '../../../components/on-demand';
import { kaLoans } from '../../../ka-loans';

/**
 * The card payment's confirmation, fetched once a customer reaches for "pay" rather than with
 * every customer's page (decision 031): the payment code loads when a payment starts.
 */
export const cardPaymentConfirm = onDemand<PaymentConfirmProps>(
  () => import('./card-payment-confirm').then((module) => module.CardPaymentConfirm),
  { pendingHeight: '14rem', failed: kaLoans.repay.formFailed },
);
