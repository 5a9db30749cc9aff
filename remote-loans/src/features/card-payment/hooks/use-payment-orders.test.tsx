// vitest: isolate — it asks what the page's own QueryClient does as a page starts it; one other
// files have used (focus, online, mounts) is not that client.
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { queryClient } from 'shared/query/query-client';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { orderOf } from '../../../testing/fake-order-provider';
import { paymentOrdersQuery } from '../api/payment-orders';
import { usePaymentOrders } from './use-payment-orders';

/*
 * The orders list a customer's page came with (issue 54): the page server asked it once, the
 * browser hydrates it, and reads from it how this provider takes a payment without asking again.
 */

const orders = [orderOf({ id: 7, loan: 12, status: 'succeeded', redirect_url: null })];

/** The provider's orders list, counting how often it is asked. */
function ordersAtProvider() {
  const asked = { count: 0 };
  mswServer.use(
    http.get('*/api/loan/payment_orders/', () => {
      asked.count += 1;
      return HttpResponse.json(orders);
    }),
  );
  return asked;
}

/** The page's state as the server sends it: the orders list its slot prefetched. */
async function serverAnswers() {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await server.prefetchQuery(paymentOrdersQuery);
  const state = dehydrate(server);
  server.clear();
  return state;
}

describe('the payment orders a page came with', () => {
  it.each([
    ['the page’s own QueryClient', () => queryClient],
    // Another host's page may make it otherwise: the slice does not count on its defaults.
    [
      'a QueryClient with TanStack’s defaults',
      () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    ],
  ])(
    'are not asked again as the browser mounts them (%s), and say the provider takes orders',
    async (_client, browserClient) => {
      startSession();
      const asked = ordersAtProvider();
      const state = await serverAnswers();
      expect(asked.count).toBe(1);
      const browser = browserClient();
      try {
        hydrate(browser, state);
        const wrapper = ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={browser}>{children}</QueryClientProvider>
        );
        const { result } = renderHook(() => usePaymentOrders(), { wrapper });
        expect(result.current.mode).toBe('orders');
        expect(result.current.orders).toEqual(orders);
        // Whatever a mount would ask has been asked by now.
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
        expect(asked.count).toBe(1);
        expect(result.current.mode).toBe('orders');
      } finally {
        browser.clear();
      }
    },
  );
});
