import type { QueryClient } from '@tanstack/react-query';
import { loansQuery } from 'shared/query/account-queries';
import { paymentOrdersQuery } from '../features/card-payment/api/payment-orders';
import { overdueQuery } from '../lib/overdue/overdue';

/*
 * What the slice's parts of a customer's page ask for, asked by the host's server before it
 * renders the page with them (issue 29): the answers come with the page, and the browser
 * hydrates without asking again. The server asks with the customer's session; the slice only
 * names its queries.
 */

/**
 * The customer's loans, their overdue loan when one is, and their payment orders (v1.3: a
 * payment on its way, a failed automatic charge): what the notice, the next payment and the
 * list show. A provider without orders answers 404, which the browser then asks for itself.
 */
export async function prefetchLoans(client: QueryClient): Promise<void> {
  const orders = client.prefetchQuery(paymentOrdersQuery);
  const loans = await client.fetchQuery(loansQuery);
  // As the notice asks: only when a loan is overdue (the provider's "none" is a 404).
  if (loans.some((loan) => loan.status === 'overdue')) await client.prefetchQuery(overdueQuery);
  await orders;
}
