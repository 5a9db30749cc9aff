import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { loansQuery } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import type { PaymentOrder } from '../features/card-payment/api/payment-orders';
import { LONG_WAIT_MS } from '../features/card-payment/hooks/use-order-outcome';
import { kaCardPayment } from '../features/card-payment/ka-card-payment';
import { attemptForPress } from '../features/card-payment/lib/attempt-key';
import { leavePage } from '../features/card-payment/lib/leave-page';
import { kaLoans } from '../ka-loans';
import { money } from '../testing/customer';
import { activeLoan, fakeLoanProvider, startingWith } from '../testing/fake-loan-provider';
import {
  BANK_ORIGIN,
  type FakeOrderProvider,
  fakeOrderProvider,
  onAPageThatKnowsTheBank,
  orderOf,
} from '../testing/fake-order-provider';
import PaymentOutcome from './payment-outcome';

vi.mock('../features/card-payment/lib/leave-page', async (original) => ({
  ...(await original<typeof import('../features/card-payment/lib/leave-page')>()),
  leavePage: vi.fn(),
}));

onAPageThatKnowsTheBank();

/** The value a `<dt>` term names inside `where`. */
const figure = (where: HTMLElement, term: string) =>
  within(where).getByText(term, { selector: 'dt' }).nextElementSibling;

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
  vi.mocked(leavePage).mockReset();
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
    'says why the bank declined (%s) in plain words, which loan, how much and when',
    async (reason, said) => {
      renderOutcome({
        status: 'declined',
        redirect_url: null,
        decline_reason: reason,
        decided_at: '2026-11-22T10:16:00+04:00',
      });

      const heading = await screen.findByRole('heading', { name: t.declinedTitle });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(
        screen.getByText(new RegExp(said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
      ).toHaveTextContent(t.nothingCharged);
      const outcome = heading.parentElement as HTMLElement;
      await waitFor(() =>
        expect(figure(outcome, kaLoans.receipt.loan)).toHaveTextContent(
          `№${activeLoan.id}, ${money(activeLoan.amount)}`,
        ),
      );
      expect(figure(outcome, kaCardPayment.inProgress.amount)).toHaveTextContent(money('272.09'));
      // The bank's decision, in Tbilisi time.
      expect(figure(outcome, t.decidedAt)).toHaveTextContent('22 ნოემბერი, 2026, 10:16');
      expect(await screen.findByRole('button', { name: t.tryAgain })).toBeInTheDocument();
    },
  );

  it.each([
    ['expired', t.expiredTitle, t.expiredText],
    ['canceled', t.canceledTitle, t.canceledText],
  ] as const)(
    'says plainly that the order %s, with a way to try again',
    async (status, title, text) => {
      renderOutcome({ status, redirect_url: null, decided_at: '2026-11-22T10:30:00+04:00' });
      const heading = await screen.findByRole('heading', { name: title });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(figure(heading.parentElement as HTMLElement, t.decidedAt)).toHaveTextContent(
        '22 ნოემბერი, 2026, 10:30',
      );
      expect(await screen.findByRole('button', { name: t.tryAgain })).toBeInTheDocument();
    },
  );

  it.each([
    ['declined', { decline_reason: 'insufficient_funds' as const }],
    ['expired', {}],
    ['canceled', {}],
  ] as const)(
    'pays again from a %s order in three presses: pay again, go on, pay by card',
    async (status, fields) => {
      const user = userEvent.setup();
      const { provider } = renderOutcome({
        status,
        redirect_url: null,
        amount: '272.09',
        ...fields,
      });

      await user.click(await screen.findByRole('button', { name: t.tryAgain }));
      // The form opens on what the order was for: the next instalment.
      expect(
        await screen.findByRole('radio', { name: startingWith(kaLoans.repay.next) }),
      ).toBeChecked();
      await user.click(screen.getByRole('button', { name: kaLoans.repay.continue }));
      await user.click(await screen.findByRole('button', { name: kaCardPayment.payWithCard }));

      await waitFor(() => expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-102`));
      expect(provider.creates.at(-1)?.body).toMatchObject({ amount: '272.09' });
    },
  );

  it('pays again another amount than the choices, typed in for the customer', async () => {
    const user = userEvent.setup();
    const { provider } = renderOutcome({
      status: 'declined',
      redirect_url: null,
      amount: '100.50',
      decline_reason: 'card_declined',
    });
    await user.click(await screen.findByRole('button', { name: t.tryAgain }));
    expect(await screen.findByRole('textbox', { name: kaLoans.repay.otherLabel })).toHaveValue(
      '100,50',
    );
    await user.click(screen.getByRole('button', { name: kaLoans.repay.continue }));
    await user.click(await screen.findByRole('button', { name: kaCardPayment.payWithCard }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(provider.creates.at(-1)?.body).toMatchObject({ amount: '100.50' });
  });

  it('offers no new payment of a loan whose payment is on its way meanwhile: it shows that one', async () => {
    const { provider } = renderOutcome({ status: 'expired', redirect_url: null });
    provider.orders.unshift(orderOf({ id: 120, loan: activeLoan.id }));
    expect(
      await screen.findByRole('article', { name: kaCardPayment.inProgress.title }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.tryAgain })).toBeNull();
  });

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

  it('says a failing check fails and keeps asking, each failed ask waiting twice as long, until the outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { provider } = renderOutcome({ status: 'processing', redirect_url: null });
    let failing = true;
    const orderAskTimes: number[] = [];
    mswServer.use(
      http.get('*/api/loan/payment_orders/101/', () => {
        if (!failing) return undefined;
        orderAskTimes.push(Date.now());
        return HttpResponse.json({ detail: 'Server error' }, { status: 503 });
      }),
    );

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(t.stillAsking));
    // Each failed ask in a row doubles the wait before the next: 3 s, 6 s, 12 s, then 15 s.
    await act(() => vi.advanceTimersByTimeAsync(3000 + 6000 + 12_000 + 15_000 + 500));
    const gaps = orderAskTimes.slice(1).map((at, index) => at - (orderAskTimes[index] ?? at));
    expect(gaps.map((gap) => Math.round(gap / 500) * 500)).toEqual([3000, 6000, 12_000, 15_000]);

    failing = false;
    decide(provider, { status: 'succeeded', payment: paid });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('heading', { name: t.succeededTitle })).toBeInTheDocument();
  });

  it('says after a minute that the bank takes longer than usual and that the customer may leave, asking less often', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = watchRequests();
    renderOutcome({ status: 'processing', redirect_url: null });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(t.processingText));
    expect(screen.queryByRole('link', { name: t.toLoans })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(LONG_WAIT_MS));
    expect(screen.getByRole('status')).toHaveTextContent(t.processingLong);
    expect(screen.getByRole('link', { name: t.toLoans })).toHaveAttribute('href', '/');
    const asked = orderAsks(requests).length;
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    expect(orderAsks(requests).length - asked).toBeLessThanOrEqual(3);
  });

  it('stops asking when the session ends under it, says the outcome waits for a login, and shows it after one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = watchRequests();
    const { provider } = renderOutcome({ status: 'processing', redirect_url: null });
    await screen.findByRole('heading', { name: t.processingTitle });

    // The inactivity rule ends the session: the store is logged out, as the shell does it.
    await act(() => useAuthStore.getState().logout('inactive'));
    expect(await screen.findByRole('heading', { name: t.loggedOutTitle })).toBeInTheDocument();
    expect(screen.getByText(t.loggedOut)).toBeInTheDocument();
    const asked = orderAsks(requests).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(orderAsks(requests).length).toBe(asked);

    // The login the button asks for, then the same order's outcome.
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: ka.account.login }));
    expect(useUiStore.getState().accountPanel).toBe('login');
    decide(provider, { status: 'succeeded', payment: paid });
    act(() => startSession());
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
