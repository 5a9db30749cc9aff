import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { money, visitorOffer } from '../testing/offer-figures';
import LoanCalculator, { prefetchOnServer } from './loan-calculator';

// The server's calculator taken over by the browser's script (decision 020): in jsdom, as the
// browser hydrates it. The server's side is loan-calculator.server.test.tsx, in Node.

/** The server's calculator in the document, and a hydrate that takes it over. */
async function serverPage() {
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
  // Unmounted at the end: React's scheduler must not work on after the test's DOM is gone.
  let root: Root | undefined;
  return {
    container,
    hydrate: () =>
      act(async () => {
        root = hydrateRoot(container, page());
      }),
    [Symbol.dispose]: () => {
      act(() => root?.unmount());
      client.clear();
      container.remove();
    },
  };
}

/** The monthly payment the sandbox offers a visitor for `lari` over `term`, on show. */
async function expectMonthlyPaymentFor(lari: number, term: number) {
  const shown = await screen.findByText(money(visitorOffer(lari, term).monthly_payment), {
    selector: 'output',
  });
  expect(shown).toBeVisible();
}

describe('the calculator the browser takes over from the server', () => {
  it('takes what was typed and chosen before its script arrived, and shows the figures for it', async () => {
    using server = await serverPage();
    const { container } = server;
    // The customer types and chooses on the server's page; no script listens yet.
    const field = container.querySelector<HTMLInputElement>('input[name="amount"]');
    const sixMonths = container.querySelector<HTMLInputElement>('input[name="term"][value="6"]');
    if (!field || !sixMonths) throw new Error('the server rendered no form');
    field.value = '3500';
    sixMonths.checked = true;

    await server.hydrate();
    await expectMonthlyPaymentFor(3500, 6);
    expect(field.value).toBe('3500');
    expect(sixMonths.checked).toBe(true);
  });

  it('takes where the slider was moved before its script arrived, in the field and the figures', async () => {
    using server = await serverPage();
    const slider = server.container.querySelector<HTMLInputElement>('input[type="range"]');
    const field = server.container.querySelector<HTMLInputElement>('input[name="amount"]');
    if (!slider || !field) throw new Error('the server rendered no amount');
    // Two presses of the arrow key on the server's page: the browser moves the range alone.
    slider.value = '1200';

    await server.hydrate();
    await expectMonthlyPaymentFor(1200, 12);
    expect(field.value).toBe('1200');
    expect(slider.value).toBe('1200');
  });
});
