import { onDemand } from '../../../components/on-demand';
import { kaAutopayCard } from '../ka-autopay-card';
import type { AutopayTermsProps } from './autopay-terms';

/**
 * The terms of automatic payment, with the saved cards' list, fetched once a customer reaches
 * for "turn on" rather than with every customer's page (decision 031).
 */
export const autopayTerms = onDemand<AutopayTermsProps>(
  () => import('./autopay-terms').then((module) => module.AutopayTerms),
  { pendingHeight: '16rem', failed: kaAutopayCard.termsFailed },
);
