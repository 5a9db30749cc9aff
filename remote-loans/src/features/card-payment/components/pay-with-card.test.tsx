import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { queryClient } from 'shared/query/query-client';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import NextPayment from '../../../app/next-payment';
import OverdueNotice from '../../../app/overdue-notice';
import { PayoffAction } from '../../../app/payoff-action';
import { kaLoans } from '../../../ka-loans';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
  startingWith,
} from '../../../testing/fake-loan-provider';
import {
  BANK_ORIGIN,
  type FakeOrderProvider,
  fakeOrderProvider,
  onAPageThatKnowsTheBank,
  orderOf,
  visaCard,
} from '../../../testing/fake-order-provider';
import type { PaymentOrder } from '../api/payment-orders';
import { kaCardPayment as t } from '../ka-card-payment';
import { leavePage } from '../lib/leave-page';

vi.mock('../lib/leave-page', async (original) => ({
  ...(await original<typeof import('../lib/leave-page')>()),
  leavePage: vi.fn(),
}));

onAPageThatKnowsTheBank();

const repay = kaLoans.repay;

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leavePage).mockReset();
});

/** A v1.3 provider (orders, cards) over the loans; the next payment's card on the page. */
function renderNextPayment(orders: Parameters<typeof fakeOrderProvider>[0] = {}, options = {}) {
  const loans = fakeLoanProvider({ loans: [activeLoan], overdue: null });
  const provider = fakeOrderProvider(orders, options);
  startSession();
  const page = render(<NextPayment />);
  return { loans, provider, page };
}

/** Opens the next payment's pay, chooses the next instalment and reaches the confirmation. */
async function toConfirmation(user: UserEvent) {
  const card = await screen.findByRole('region', { name: kaLoans.next.title });
  await user.click(within(card).getByRole('button', { name: kaLoans.loan.pay }));
  await user.click(await within(card).findByRole('radio', { name: startingWith(repay.next) }));
  await user.click(within(card).getByRole('button', { name: repay.continue }));
  return within(card).findByRole('button', { name: t.payWithCard });
}

describe('paying through a payment order (contract v1.3)', () => {
  it('offers a saved card or a new one on the bank’s page, “save this card” unticked, and no card field', async () => {
    const user = userEvent.setup();
    renderNextPayment({ cards: [visaCard] });
    await toConfirmation(user);

    const cards = screen.getByRole('group', { name: t.cardLegend });
    expect(
      await within(cards).findByRole('radio', { name: 'Visa •••• 1111, მოქმედებს 12/28-მდე' }),
    ).not.toBeChecked();
    expect(within(cards).getByRole('radio', { name: t.newCard })).toBeChecked();
    expect(within(cards).getByRole('checkbox', { name: t.saveCard })).not.toBeChecked();
    // The number, expiry and code are the bank's page's alone.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('creates the order and sends the customer to the bank’s page once, however often pay is pressed', async () => {
    const user = userEvent.setup();
    const { provider, loans } = renderNextPayment();
    const pay = await toConfirmation(user);
    await user.click(screen.getByRole('checkbox', { name: t.saveCard }));

    pay.click();
    pay.click();
    await user.click(pay);

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-101`);
    expect(provider.creates).toHaveLength(1);
    expect(provider.creates[0]).toMatchObject({
      loan: activeLoan.id,
      body: {
        purpose: 'repayment',
        amount: '272.09',
        card: null,
        save_card: true,
        return_url: `${window.location.origin}/payment`,
      },
    });
    expect(provider.creates[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    // repay/ stands for money already taken: never called when the bank takes it.
    expect(loans.repayments).toEqual([]);
    expect(pay).toBeDisabled();
  });

  it('goes straight to the return page when the bank charges a saved card at once', async () => {
    const user = userEvent.setup();
    const { provider } = renderNextPayment({ cards: [visaCard] });
    await toConfirmation(user);
    await user.click(await screen.findByRole('radio', { name: /Visa •••• 1111/ }));
    expect(screen.queryByRole('checkbox', { name: t.saveCard })).toBeNull();
    await user.click(screen.getByRole('button', { name: t.payWithCard }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/payment?order=101'));
    expect(provider.creates[0]?.body).toMatchObject({ card: visaCard.id, save_card: false });
  });

  it('goes nowhere when the bank’s address is not on an origin the page knows as the bank’s, and says so', async () => {
    const user = userEvent.setup();
    renderNextPayment({}, { redirectUrl: () => 'https://evil.example/pay/1' });
    await user.click(await toConfirmation(user));

    expect(await screen.findByRole('alert')).toHaveTextContent(t.pageUnavailable);
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('says in its own Georgian that the bank’s page is out of reach when the provider refuses the return address, and keeps the confirmation', async () => {
    const user = userEvent.setup();
    renderNextPayment();
    // A provider that does not list this site: its message is about the address, in English.
    mswServer.use(
      http.post('*/api/loan/loan/:id/payment_orders/', () =>
        HttpResponse.json({ return_url: ['Enter a valid URL.'] }, { status: 400 }),
      ),
    );
    const pay = await toConfirmation(user);
    await user.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent(t.pageUnavailable);
    expect(screen.queryByText('Enter a valid URL.')).toBeNull();
    // Still on the confirmation of the same amount, ready to be pressed again.
    expect(screen.getByRole('button', { name: t.payWithCard })).toBeEnabled();
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('shows the loan’s open order instead of an error when a payment is already in progress', async () => {
    const user = userEvent.setup();
    const { provider } = renderNextPayment();
    const pay = await toConfirmation(user);
    // Another tab started one meanwhile.
    provider.orders.unshift(orderOf({ id: 7, loan: activeLoan.id, amount: '272.09' }));
    await user.click(pay);

    const progress = await screen.findByRole('article', { name: t.inProgress.title });
    expect(within(progress).getByRole('link', { name: t.inProgress.continue })).toHaveAttribute(
      'href',
      `${BANK_ORIGIN}/pay/tok-7`,
    );
    // It took the place of the confirmation the press was made in, and its focus.
    await waitFor(() =>
      expect(within(progress).getByRole('heading', { name: t.inProgress.title })).toHaveFocus(),
    );
    expect(screen.queryByRole('button', { name: kaLoans.loan.pay })).toBeNull();
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('pays the overdue total from the notice through an order', async () => {
    const user = userEvent.setup();
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const provider = fakeOrderProvider();
    startSession();
    render(<OverdueNotice />);
    const notice = await screen.findByRole('region', { name: /ვადაგადაცილ/ });
    await user.click(within(notice).getByRole('button', { name: kaLoans.overdue.pay }));
    await user.click(await within(notice).findByRole('button', { name: repay.continue }));
    await user.click(await within(notice).findByRole('button', { name: t.payWithCard }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(provider.creates[0]?.body).toMatchObject({ purpose: 'repayment', amount: '284.82' });
  });

  it('pays a loan off through an order for today’s total, with no amount sent', async () => {
    const user = userEvent.setup();
    const provider = fakeOrderProvider();
    startSession();
    render(<PayoffAction loanId={activeLoan.id} payable headingLevel={3} />);
    await user.click(screen.getByRole('button', { name: kaLoans.payoff.open }));
    await user.click(await screen.findByRole('button', { name: kaLoans.payoff.payToday }));
    await user.click(await screen.findByRole('button', { name: t.payWithCard }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(provider.creates[0]?.body).not.toHaveProperty('amount');
    expect(provider.creates[0]?.body).toMatchObject({ purpose: 'payoff', card: null });
  });

  it('pays through repay/ as before, with no card to choose, when the provider has no payment orders', async () => {
    const user = userEvent.setup();
    const loans = fakeLoanProvider({ loans: [activeLoan], overdue: null });
    startSession();
    render(<NextPayment />);
    const card = await screen.findByRole('region', { name: kaLoans.next.title });
    await user.click(within(card).getByRole('button', { name: kaLoans.loan.pay }));
    await user.click(await within(card).findByRole('radio', { name: startingWith(repay.next) }));
    await user.click(within(card).getByRole('button', { name: repay.continue }));
    expect(screen.queryByRole('group', { name: t.cardLegend })).toBeNull();
    await user.click(await within(card).findByRole('button', { name: repay.confirm }));

    expect(await within(card).findByRole('status')).toHaveTextContent(repay.success);
    expect(loans.repayments).toEqual([{ id: activeLoan.id, amount: '272.09' }]);
  });
});

describe('one Idempotency-Key per attempt to pay (contract v1.3)', () => {
  it('asks again with the same key when the answer is lost, and the provider makes one order', async () => {
    const user = userEvent.setup();
    const { provider } = renderNextPayment();
    provider.loseAnswers = 1;
    await user.click(await toConfirmation(user));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    const [first, repeat] = provider.creates;
    expect(provider.creates).toHaveLength(2);
    expect(repeat?.key).toBe(first?.key);
    expect(repeat?.body).toEqual(first?.body);
    // One order, one charge: the repeat was answered the order the lost answer carried.
    expect([...provider.ordersPerKey().values()]).toEqual([1]);
    expect(provider.orders).toHaveLength(1);
    expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-101`);
  });

  it('shows the order the provider made when the repeat’s answer is lost too: no second one', async () => {
    const user = userEvent.setup();
    const { provider } = renderNextPayment();
    provider.loseAnswers = 2;
    await user.click(await toConfirmation(user));

    // The orders list, asked again, has it: the customer continues it on the bank's page.
    const progress = await screen.findByRole('article', { name: t.inProgress.title });
    expect(within(progress).getByRole('link', { name: t.inProgress.continue })).toHaveAttribute(
      'href',
      `${BANK_ORIGIN}/pay/tok-101`,
    );
    expect(provider.orders).toHaveLength(1);
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('tells the customer when the repeat is lost too, and the next press still sends that key', async () => {
    const user = userEvent.setup();
    const { provider } = renderNextPayment();
    provider.dropRequests = 2;
    await user.click(await toConfirmation(user));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(leavePage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: t.payWithCard }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(provider.creates).toHaveLength(3);
    expect(new Set(provider.creates.map((create) => create.key)).size).toBe(1);
    expect(provider.orders).toHaveLength(1);
  });

  it('sends the key of the first press after the confirmation is reloaded', async () => {
    const user = userEvent.setup();
    const { provider, page } = renderNextPayment();
    provider.dropRequests = 2;
    await user.click(await toConfirmation(user));
    await screen.findByRole('alert');
    const sent = provider.creates[0]?.key;

    // The tab reloads: the page is built again, the attempt's key is the tab's.
    page.unmount();
    render(<NextPayment />);
    await user.click(await toConfirmation(user));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(provider.creates.at(-1)?.key).toBe(sent);
    expect(provider.orders).toHaveLength(1);
  });

  it('makes a new key for another amount: another attempt', async () => {
    const user = userEvent.setup();
    const { provider } = renderNextPayment();
    provider.dropRequests = 2;
    await user.click(await toConfirmation(user));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: repay.back }));
    await user.click(await screen.findByRole('radio', { name: repay.other }));
    await user.type(screen.getByRole('textbox', { name: repay.otherLabel }), '100');
    await user.click(screen.getByRole('button', { name: repay.continue }));
    await user.click(await screen.findByRole('button', { name: t.payWithCard }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    const keys = provider.creates.map((create) => create.key);
    expect(keys.at(-1)).not.toBe(keys[0]);
    expect(provider.creates.at(-1)?.body).toMatchObject({ amount: '100.00' });
  });
});

describe('an attempt is one intent: an old order never answers a new press', () => {
  /** The order the provider holds, as another tab or the bank left it. */
  /** The tab reloads: the page and its cache are built again; the tab's storage stays. */
  const reload = (page: { unmount: () => void }) => {
    page.unmount();
    queryClient.clear();
    vi.mocked(leavePage).mockClear();
    return render(<NextPayment />);
  };

  const settle = (provider: FakeOrderProvider, id: number, fields: Partial<PaymentOrder>) => {
    const order = provider.orders.find((candidate) => candidate.id === id);
    if (!order) throw new Error(`no order ${id}`);
    Object.assign(order, {
      redirect_url: null,
      decided_at: '2026-11-22T10:20:00+04:00',
      ...fields,
    });
  };

  it('sends the next instalment to the bank, not to the paid order another tab finished', async () => {
    const user = userEvent.setup();
    const { provider, page } = renderNextPayment();
    await user.click(await toConfirmation(user));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-101`));

    // Back from the bank; a second tab continues order 101 there and pays it.
    settle(provider, 101, { status: 'succeeded' });
    reload(page);
    // The same instalment again (the next one is the same amount): a new press, a new attempt.
    await user.click(await toConfirmation(user));

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-102`));
    expect(leavePage).toHaveBeenCalledTimes(1);
    const [first, second] = provider.creates.map((create) => create.key);
    expect(second).not.toBe(first);
  });

  it.each(['succeeded', 'expired', 'declined', 'canceled'] as const)(
    'answers a press with a new order at the bank when the key’s order is %s, even before the list says so',
    async (status) => {
      const user = userEvent.setup();
      const { provider, page } = renderNextPayment();
      await user.click(await toConfirmation(user));
      await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
      settle(provider, 101, { status });
      // A provider whose list lags behind: the page never hears that order 101 ended.
      mswServer.use(http.get('*/api/loan/payment_orders/', () => HttpResponse.json([])));
      reload(page);

      await user.click(await toConfirmation(user));

      await waitFor(() => expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-102`));
      expect(leavePage).not.toHaveBeenCalledWith('/payment?order=101');
      expect(provider.ordersPerKey().size).toBe(2);
    },
  );

  it('goes back to the same order’s page at the bank when the key’s order still waits there', async () => {
    const user = userEvent.setup();
    const { provider, page } = renderNextPayment();
    await user.click(await toConfirmation(user));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    // The provider's list lags: the page offers the confirmation again after a reload.
    mswServer.use(http.get('*/api/loan/payment_orders/', () => HttpResponse.json([])));
    reload(page);
    await user.click(await toConfirmation(user));

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(`${BANK_ORIGIN}/pay/tok-101`));
    expect(provider.orders).toHaveLength(1);
  });

  it('sends the customer nowhere when the provider answers with another loan’s order, and says so', async () => {
    const user = userEvent.setup();
    renderNextPayment();
    mswServer.use(
      http.post('*/api/loan/loan/:id/payment_orders/', () =>
        HttpResponse.json(orderOf({ id: 55, loan: activeLoan.id + 1 }), { status: 201 }),
      ),
    );
    await user.click(await toConfirmation(user));

    expect(await screen.findByRole('alert')).toHaveTextContent(t.notThisPayment);
    expect(leavePage).not.toHaveBeenCalled();
  });
});
