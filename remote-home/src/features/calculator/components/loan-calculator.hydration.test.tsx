import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { money, visitorOffer } from '../testing/offer-figures';
import LoanCalculator, { prefetchOnServer } from './loan-calculator';

// The server's calculator taken over by the browser's script (decision 020): in jsdom, as the
// browser hydrates it. The server's side is loan-calculator.server.test.tsx, in Node.

describe('the calculator the browser takes over from the server', () => {
  it('takes what was typed and chosen before its script arrived, and shows the figures for it', async () => {
    const client = new QueryClient();
    await prefetchOnServer(client, new URLSearchParams());
    const page = () => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <LoanCalculator />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    // The customer types and chooses on the server's page; no script listens yet.
    const field = container.querySelector<HTMLInputElement>('input[name="amount"]');
    const sixMonths = container.querySelector<HTMLInputElement>('input[name="term"][value="6"]');
    if (!field || !sixMonths) throw new Error('the server rendered no form');
    field.value = '3500';
    sixMonths.checked = true;

    // Unmounted at the end: React's scheduler must not work on after the test's DOM is gone.
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, page());
      });
      expect(
        await screen.findByText(money(visitorOffer(3500, 6).monthly_payment), {
          selector: 'output',
        }),
      ).toBeVisible();
      expect(field.value).toBe('3500');
      expect(sixMonths.checked).toBe(true);
    } finally {
      act(() => root?.unmount());
      client.clear();
      container.remove();
    }
  });
});
