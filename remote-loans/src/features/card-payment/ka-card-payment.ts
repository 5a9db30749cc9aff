import { kaCardConfirm } from './ka-card-confirm';
import { kaPaymentNotices } from './ka-payment-notices';
import { kaPaymentOutcome } from './ka-payment-outcome';

/**
 * Every word of the card payment (contract v1.3) in one object, for tests and the e2e suite.
 * The product imports the three parts, so each loads with the code that shows it.
 */
export const kaCardPayment = {
  ...kaCardConfirm,
  ...kaPaymentNotices,
  outcome: {
    ...kaPaymentOutcome,
    declined: kaPaymentNotices.declined,
    nothingCharged: kaPaymentNotices.nothingCharged,
  },
} as const;
