import { kaLoans } from '../../../ka-loans';
import type { PaymentConfirmProps } from '../../../lib/money-action/payment-step';
import { onDemand } from '../../../lib/on-demand';

/**
 * The card payment's confirmation, fetched once a customer reaches for "pay" rather than with
 * every customer's page (decision 031): the payment code loads when a payment starts.
 */
export const cardPaymentConfirm = onDemand<PaymentConfirmProps>(
  () => import('./card-payment-confirm').then((module) => module.CardPaymentConfirm),
  { pendingHeight: '14rem', failed: kaLoans.repay.formFailed },
);
