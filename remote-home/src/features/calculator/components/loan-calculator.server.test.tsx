// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { HttpResponse, http } from 'msw';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { apiClient } from 'shared/api/api-client';
import { calculationQuery } from 'shared/api/loan/calculator';
import { ServerLoggedInContext } from 'shared/auth/server-logged-in';
import { loanLimitQuery } from 'shared/query/account-queries';
import { calculationFor, calculatorBounds, type loanLimit } from 'shared/testing/fixtures';
import { mswServer as server } from 'shared/testing/msw-server';
import { dropSession, holdSession } from 'shared/testing/session';
import { kaCalculator as t } from '../ka-calculator';
import { money, visitorOffer } from '../testing/offer-figures';
import LoanCalculator, { prefetchCustomerOnServer, prefetchOnServer } from './loan-calculator';

// What the host's server does with the calculator (decision 020): its answers fetched before
// the render, and markup that works before the browser's script arrives. In Node, as the
// server runs it: a render that reads `window` or `document` fails here. The HTML is read
// with a document of its own, which the render never sees.

/** The server's HTML as a document, to read it as the browser would. */
const parsed = (html: string) => new JSDOM(html).window.document;

// The page server asks the provider by its address (page-server/src/render/render-page); the
// mock provider answers there (the shared setup starts it for the browser's tests only).
const apiBase = apiClient.defaults.baseURL;
beforeAll(() => {
  apiClient.defaults.baseURL = 'http://provider.test';
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  apiClient.defaults.baseURL = apiBase;
});

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
    const page = parsed(html);
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

describe('a customer’s calculator on the server (issue 29)', () => {
  // A limit below the product's start: the first figures must be for what they may borrow.
  const limit: typeof loanLimit = { amount_limit: '800.00', term_limit: [3, 6] };
  const asked: string[] = [];
  beforeEach(() => {
    holdSession();
    asked.length = 0;
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    server.use(
      http.get('*/api/loan/calculator', ({ request }) => {
        const url = new URL(request.url);
        const offer = calculationFor(
          Number(url.searchParams.get('amount')),
          Number(url.searchParams.get('term')),
          calculatorBounds(limit),
        );
        return HttpResponse.json(offer);
      }),
    );
  });
  afterEach(() => {
    dropSession();
    server.events.removeAllListeners();
  });

  const customerOffer = (lari: number, term: number) =>
    calculationFor(lari, term, calculatorBounds(limit));

  it('renders their first figures within the limit the page already has, without asking it again', async () => {
    const client = new QueryClient();
    client.setQueryData(loanLimitQuery.queryKey, limit);
    await prefetchCustomerOnServer(client);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <ServerLoggedInContext value={true}>
          <MemoryRouter initialEntries={['/']}>
            <LoanCalculator />
          </MemoryRouter>
        </ServerLoggedInContext>
      </QueryClientProvider>,
    );
    const page = parsed(html);
    expect(page.querySelector<HTMLInputElement>('input[name="amount"]')?.value).toBe('800');
    expect(page.querySelector<HTMLInputElement>('input[name="term"]:checked')?.value).toBe('6');
    expect(page.body.textContent?.replace(/\s+/g, ' ')).toContain(
      money(customerOffer(800, 6).monthly_payment),
    );
    expect(asked).toEqual(['/api/loan/calculator']);
  });

  it('asks for the limit itself when the page has not, and rejects when it fails (the browser decides then)', async () => {
    server.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ detail: 'შეცდომა' }, { status: 500 }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(prefetchCustomerOnServer(client)).rejects.toThrow();
    expect(asked).toEqual(['/api/user/user/loan_limit/']);
  });
});
