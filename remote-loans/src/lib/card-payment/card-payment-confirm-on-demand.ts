import { kaLoans } from '../../ka-loans';
import { onDemand } from '../on-demand';
import type { CardPaymentConfirmProps } from './card-payment-confirm';

/**
 * The card payment's confirmation, fetched once a customer reaches for "pay" rather than with
 * every customer's page (decision 031): the payment code loads when a payment starts.
 */
export const cardPaymentConfirm = onDemand<CardPaymentConfirmProps>(
  () => import('./card-payment-confirm').then((module) => module.CardPaymentConfirm),
  { pendingHeight: '14rem', failed: kaLoans.repay.formFailed },
);
