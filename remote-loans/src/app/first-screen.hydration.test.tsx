import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerLoggedInContext } from 'shared/auth/server-logged-in';
import { queryClient } from 'shared/query/query-client';
import { savedCards } from 'shared/testing/fixtures';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { kaAutopay } from '../features/autopay/ka-autopay';
import { kaCardPayment } from '../features/card-payment/ka-card-payment';
import { kaLoans } from '../ka-loans';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
} from '../testing/fake-loan-provider';
import {
  BANK_ORIGIN,
  fakeOrderProvider,
  onAPageThatKnowsTheBank,
  orderOf,
} from '../testing/fake-order-provider';
import LoansOverview, { prefetchOnServer as prefetchOverview } from './loans-overview';
import NextPayment, { prefetchOnServer as prefetchNext } from './next-payment';
import OverdueNotice, { prefetchOnServer as prefetchNotice } from './overdue-notice';

onAPageThatKnowsTheBank();

/*
 * The customer's first screen as the host's server renders it (issue 29) and the browser takes
 * it over: an open order and a failed automatic charge come with the page, from the orders list
 * the slot's prefetch reads, and hydrate without a change (React would say so, and a
 * console.error fails the test) — no layout shift.
 */

async function serverThenBrowser(
  Slot: () => React.ReactNode,
  prefetch: (client: QueryClient) => Promise<void>,
) {
  startSession();
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetch(server);
  const state = dehydrate(server);
  const page = (client: QueryClient) => (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state}>
        <Slot />
      </HydrationBoundary>
    </QueryClientProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(server));
  const html = container.innerHTML;
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(queryClient));
  });
  return {
    html,
    done: () => {
      act(() => root?.unmount());
      server.clear();
      container.remove();
    },
  };
}

/** The loans list as the host renders it: in its router (it links to complaints), for a customer. */
function Overview() {
  return (
    <ServerLoggedInContext value={true}>
      <MemoryRouter>
        <LoansOverview />
      </MemoryRouter>
    </ServerLoggedInContext>
  );
}

describe('the first screen from the server (contract v1.3)', () => {
  it('shows a payment in progress on the next payment, and the browser takes it over as it is', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    fakeOrderProvider({ orders: [orderOf({ id: 7, loan: activeLoan.id })] });
    const { html, done } = await serverThenBrowser(NextPayment, prefetchNext);
    try {
      expect(html).toContain(kaCardPayment.inProgress.title);
      expect(html).toContain(`${BANK_ORIGIN}/pay/tok-7`);
      expect(html).not.toContain(`>${kaLoans.loan.pay}<`);
      const progress = screen.getByRole('article', { name: kaCardPayment.inProgress.title });
      expect(
        within(progress).getByRole('link', { name: kaCardPayment.inProgress.continue }),
      ).toBeInTheDocument();
    } finally {
      done();
    }
  });

  it('says a failed automatic charge on the overdue notice, and the browser takes it over as it is', async () => {
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    fakeOrderProvider({
      orders: [
        orderOf({
          id: 9,
          loan: overdueLoan.id,
          purpose: 'autopay',
          status: 'declined',
          redirect_url: null,
          decline_reason: 'card_declined',
          decided_at: '2026-11-10T10:00:05+04:00',
        }),
      ],
    });
    const { html, done } = await serverThenBrowser(OverdueNotice, prefetchNotice);
    try {
      expect(html).toContain(kaCardPayment.outcome.declined.card_declined);
      // Paid by the notice's one pay button, in the server's HTML as in the browser.
      expect(html).toContain(kaLoans.overdue.pay);
      expect(screen.getByRole('button', { name: kaLoans.overdue.pay })).toBeInTheDocument();
    } finally {
      done();
    }
  });

  it('renders as before for a provider without payment orders: its 404 is the browser’s to ask', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    const { html, done } = await serverThenBrowser(NextPayment, prefetchNext);
    try {
      expect(html).toContain(kaLoans.loan.pay);
      expect(html).not.toContain(kaCardPayment.inProgress.title);
    } finally {
      done();
    }
  });

  it('shows each open loan’s automatic payment on its card, and the browser asks the provider nothing for it', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    fakeOrderProvider({ orders: [] });
    const asked: string[] = [];
    mswServer.use(
      http.get('*/api/loan/loan/:id/autopay/', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({
          loan: Number(params.id),
          card: savedCards[0],
          since: '2026-11-01T12:00:00+04:00',
          next_charge: { date: '2026-12-20', amount: '272.09' },
        });
      }),
    );
    const { html, done } = await serverThenBrowser(Overview, prefetchOverview);
    try {
      expect(html).toContain(kaAutopay.title);
      expect(html).toContain('1111');
      // The server's one read; the browser hydrates from it.
      expect(asked).toEqual([String(activeLoan.id)]);
    } finally {
      done();
    }
  });
});
