import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { loansQuery } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { kaCardPayment } from '../features/card-payment/ka-card-payment';
import { kaLoans } from '../ka-loans';
import { attemptForPress } from '../lib/card-payment/attempt-key';
import type { PaymentOrder } from '../lib/card-payment/payment-orders';
import { money } from '../testing/customer';
import { activeLoan, fakeLoanProvider } from '../testing/fake-loan-provider';
import {
  BANK_ORIGIN,
  type FakeOrderProvider,
  fakeOrderProvider,
  onAPageThatKnowsTheBank,
  orderOf,
} from '../testing/fake-order-provider';
import PaymentOutcome from './payment-outcome';

onAPageThatKnowsTheBank();

const t = kaCardPayment.outcome;

const paid: NonNullable<PaymentOrder['payment']> = {
  id: 40,
  loan: activeLoan.id,
  kind: 'repayment',
  amount: '272.09',
  penalty: '0.00',
  interest: '20.00',
  principal: '252.09',
  paid_at: '2026-11-22T10:16:00+04:00',
  receipt_number: 'R-12-2',
  order: 101,
};

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

/** The return page at `/payment?order=…`, the provider holding `order` (id 101 unless `search`). */
function renderOutcome(order: Partial<PaymentOrder> | null, search = '?order=101') {
  const loans = fakeLoanProvider({ loans: [activeLoan], overdue: null });
  const provider = fakeOrderProvider({
    orders: order ? [orderOf({ id: 101, loan: activeLoan.id, ...order })] : [],
  });
  startSession();
  const view = renderInRouter(<PaymentOutcome />, `/payment${search}`);
  return { loans, provider, view };
}

/** The bank decides the order, as the provider then answers it. */
function decide(provider: FakeOrderProvider, fields: Partial<PaymentOrder>) {
  const order = provider.orders.find((candidate) => candidate.id === 101);
  if (!order) throw new Error('no order 101');
  Object.assign(order, { redirect_url: null, decided_at: '2026-11-22T10:16:00+04:00', ...fields });
}

const orderAsks = (requests: string[]) =>
  requests.filter((url) => url.endsWith('/payment_orders/101/'));

function watchRequests(): string[] {
  const urls: string[] = [];
  mswServer.events.on('request:start', ({ request }) => urls.push(request.url));
  return urls;
}

afterEach(() => mswServer.events.removeAllListeners());

describe('coming back from the bank', () => {
  it('says “processing” in a live region until the bank decides, then the amount, what it paid and the receipt', async () => {
    const user = userEvent.setup();
    const { provider, loans } = renderOutcome({ status: 'processing', redirect_url: null });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(t.processingText));
    expect(screen.getByRole('heading', { name: t.processingTitle })).toBeInTheDocument();
    // The loans as the page last had them, fresh for another 30 s unless something says otherwise.
    await act(() => queryClient.fetchQuery(loansQuery));
    const loanAsksBefore = loans.loanRequests;
    decide(provider, { status: 'succeeded', payment: paid });

    const heading = await screen.findByRole(
      'heading',
      { name: t.succeededTitle },
      { timeout: 5000 },
    );
    await waitFor(() => expect(heading).toHaveFocus());
    const outcome = heading.parentElement as HTMLElement;
    expect(within(outcome).getByText(t.paid).nextElementSibling).toHaveTextContent(money('272.09'));
    expect(
      within(outcome).getByText(kaLoans.payments.principal).nextElementSibling,
    ).toHaveTextContent(money('252.09'));
    expect(
      within(outcome).getByText(kaLoans.payments.interest).nextElementSibling,
    ).toHaveTextContent(money('20.00'));
    // No penalty was paid: no line says a zero.
    expect(within(outcome).queryByText(kaLoans.payments.penalty)).toBeNull();
    expect(within(outcome).getByText(t.receiptNumber).nextElementSibling).toHaveTextContent(
      'R-12-2',
    );
    // The loan's figures are asked again: fresh when the customer goes back to them.
    await waitFor(() => expect(loans.loanRequests).toBeGreaterThan(loanAsksBefore));
    expect(screen.getByRole('link', { name: t.toLoans })).toHaveAttribute('href', '/');

    await user.click(await screen.findByRole('button', { name: t.showReceipt }));
    const receipt = screen.getByRole('region', { name: kaLoans.receipt.title });
    expect(receipt).toHaveTextContent('R-12-2');
    expect(
      within(receipt).getByRole('button', { name: kaLoans.receipt.print }),
    ).toBeInTheDocument();
  });

  it.each([
    ['insufficient_funds', t.declined.insufficient_funds],
    ['card_declined', t.declined.card_declined],
    ['authentication_failed', t.declined.authentication_failed],
    ['bank_unavailable', t.declined.bank_unavailable],
  ] as const)(
    'says why the bank declined (%s) in plain words, and offers to try again',
    async (reason, said) => {
      renderOutcome({ status: 'declined', redirect_url: null, decline_reason: reason });

      const heading = await screen.findByRole('heading', { name: t.declinedTitle });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(
        screen.getByText(new RegExp(said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
      ).toHaveTextContent(t.nothingCharged);
      expect(screen.getByRole('link', { name: t.tryAgain })).toHaveAttribute(
        'href',
        `/#loan-${activeLoan.id}`,
      );
    },
  );

  it.each([
    ['expired', t.expiredTitle, t.expiredText],
    ['canceled', t.canceledTitle, t.canceledText],
  ] as const)(
    'says plainly that the order %s, with a way to try again',
    async (status, title, text) => {
      renderOutcome({ status, redirect_url: null });
      const heading = await screen.findByRole('heading', { name: title });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: t.tryAgain })).toBeInTheDocument();
    },
  );

  it('offers the bank’s page again, or a cancel, to a customer back without finishing', async () => {
    const user = userEvent.setup();
    const { provider } = renderOutcome({ status: 'created' });

    expect(await screen.findByRole('heading', { name: t.createdTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: kaCardPayment.inProgress.continue })).toHaveAttribute(
      'href',
      `${BANK_ORIGIN}/pay/tok-101`,
    );
    await user.click(screen.getByRole('button', { name: kaCardPayment.inProgress.cancel }));

    expect(await screen.findByRole('heading', { name: t.canceledTitle })).toBeInTheDocument();
    expect(provider.cancels).toEqual([101]);
  });

  it('links to the bank only on an origin the page knows as the bank’s', async () => {
    renderOutcome({ status: 'created', redirect_url: 'https://evil.example/pay/1' });
    expect(await screen.findByRole('heading', { name: t.createdTitle })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: kaCardPayment.inProgress.continue })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(kaCardPayment.pageUnavailable);
    expect(
      screen.getByRole('button', { name: kaCardPayment.inProgress.cancel }),
    ).toBeInTheDocument();
  });

  it.each(['?order=abc', '?order=0', '?order=-3', '?order=1.5', '', '?order=1e3'])(
    'says the address names no payment (%s), asking nothing',
    async (search) => {
      const requests = watchRequests();
      renderOutcome(null, search);
      expect(screen.getByRole('heading', { name: t.badAddressTitle })).toBeInTheDocument();
      expect(screen.getByText(t.badAddress)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: t.toLoans })).toHaveAttribute('href', '/');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests.filter((url) => url.includes('/payment_orders/'))).toEqual([]);
    },
  );

  it('says so when the order is not the customer’s, and stops asking', async () => {
    renderOutcome(null);
    expect(await screen.findByText(t.notFound)).toBeInTheDocument();
  });

  it('says a failing check fails and keeps asking, longer apart, until the outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { provider } = renderOutcome({ status: 'processing', redirect_url: null });
    let failing = true;
    const requests = watchRequests();
    mswServer.use(
      http.get('*/api/loan/payment_orders/101/', () =>
        failing ? HttpResponse.json({ detail: 'Server error' }, { status: 503 }) : undefined,
      ),
    );

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(t.stillAsking));
    const asked = orderAsks(requests).length;
    // The next ask waits twice the usual 1.5 s.
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(orderAsks(requests).length).toBe(asked);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(orderAsks(requests).length).toBeGreaterThan(asked));

    failing = false;
    decide(provider, { status: 'succeeded', payment: paid });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('heading', { name: t.succeededTitle })).toBeInTheDocument();
  });

  it('stops asking when the customer leaves the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = watchRequests();
    const { view } = renderOutcome({ status: 'processing', redirect_url: null });
    await screen.findByRole('heading', { name: t.processingTitle });
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(orderAsks(requests).length).toBeGreaterThanOrEqual(2));

    view.unmount();
    const asked = orderAsks(requests).length;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(orderAsks(requests).length).toBe(asked);
  });

  it('ends the loan’s attempt once decided: the next payment is a new attempt with a new key', async () => {
    const attempt = {
      loanId: activeLoan.id,
      purpose: 'repayment' as const,
      amount: '272.09',
      card: null,
      saveCard: false,
    };
    const before = attemptForPress(attempt).key;
    renderOutcome({ status: 'declined', redirect_url: null, decline_reason: 'card_declined' });
    await screen.findByRole('heading', { name: t.declinedTitle });
    await waitFor(() => expect(attemptForPress(attempt).key).not.toBe(before));
  });
});
