import { onDemand } from '../components/on-demand';
import { kaLoans } from '../ka-loans';
import type { RepayFormProps } from './repay-form';

/**
 * The repayment form and its card confirmation, fetched with its form library once a customer reaches for "pay" rather
 * than with every customer's page (decision 031).
 */
export const repayForm = onDemand<RepayFormProps>(
  () => import('./repay-form').then((module) => module.RepayForm),
  { pendingHeight: '10rem', failed: kaLoans.repay.formFailed },
);
