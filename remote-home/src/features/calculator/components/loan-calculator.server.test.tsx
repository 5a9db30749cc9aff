import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { calculationQuery } from 'shared/api/loan/calculator';
import { kaCalculator as t } from '../ka-calculator';
import { money, visitorOffer } from '../testing/offer-figures';
import LoanCalculator, { prefetchOnServer } from './loan-calculator';

// What the host's server does with the calculator (decision 020): its answers fetched before
// the render, and markup that works before the browser's script arrives.

describe('the calculator on the server', () => {
  it('puts the start’s and the address’s figures in the server’s cache before it renders', async () => {
    const client = new QueryClient();
    await prefetchOnServer(client, new URLSearchParams('amount=2500&term=6'));
    expect(
      client.getQueryData(calculationQuery({ amount: '1000.00', term: 12 }, false).queryKey),
    ).toMatchObject({ monthly_payment: visitorOffer(1000, 12).monthly_payment });
    expect(
      client.getQueryData(calculationQuery({ amount: '2500.00', term: 6 }, false).queryKey),
    ).toMatchObject({ monthly_payment: visitorOffer(2500, 6).monthly_payment });
  });

  it('renders a form that works without JavaScript: named fields and a button that sends them', async () => {
    const client = new QueryClient();
    await prefetchOnServer(client, new URLSearchParams('amount=2500&term=6'));
    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/?amount=2500&term=6']}>
          <LoanCalculator />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/');
    expect(page.querySelector<HTMLInputElement>('input[name="amount"]')?.value).toBe('2500');
    expect(page.querySelector<HTMLInputElement>('input[name="term"][value="6"]')?.checked).toBe(
      true,
    );
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe(t.calculate);
    expect(page.body.textContent?.replace(/\s+/g, ' ')).toContain(
      money(visitorOffer(2500, 6).monthly_payment),
    );
  });
});

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
