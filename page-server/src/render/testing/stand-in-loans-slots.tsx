import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { RemoteModule } from 'host/render-entry';
import type { RemoteModuleId } from 'release-contract/remotes';
import { requestJson } from 'shared/api/request-json';
import { loansQuery } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

/*
 * The loans slice's three slots of a customer's home page as the page server meets them: each
 * prefetches, in its own QueryClient, what it shows — the page's loans and the customer's
 * payment orders (contract v1.3) — as the slice's own prefetch does. The page server cannot
 * import the slice (decision 030), so these stand in for it.
 */

/** The orders list's path and key, as the loans slice names them. */
export const ORDERS_PATH = '/api/loan/payment_orders/';
const ORDERS_KEY = ['account', 'payment-orders'] as const;

const ordersQuery = {
  queryKey: ORDERS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    requestJson(z.array(z.unknown()), { method: 'GET', url: ORDERS_PATH, signal }),
};

async function prefetchLoans(client: QueryClient): Promise<void> {
  await Promise.all([client.prefetchQuery(loansQuery), client.prefetchQuery(ordersQuery)]);
}

/** A slot's text and how many orders the cache it renders with holds. */
function OrdersText({ text }: { text: string }) {
  const { data } = useQuery({ ...ordersQuery, enabled: false });
  return <p>{`${text}: ${data === undefined ? 'no orders answer' : `${data.length} orders`}`}</p>;
}

const slot = (text: string): RemoteModule => ({
  default: () => <OrdersText text={text} />,
  prefetchOnServer: prefetchLoans,
});

/** The overdue notice, the next payment and the loans list: each reads the orders list. */
export const standInLoansSlots: Partial<Record<RemoteModuleId, RemoteModule>> = {
  'remote_loans/OverdueNotice': slot('notice'),
  'remote_loans/NextPayment': slot('next payment'),
  'remote_loans/LoansOverview': slot('loans'),
  // The customer's calculator, without a prefetch of its own: the browser's.
  'remote_home/LoanCalculator': { default: () => null },
};
