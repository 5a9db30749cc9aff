import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setPaymentPageOrigins } from 'shared/lib/payment-page';
import { startSession } from 'shared/testing/log-in';
import { render } from 'shared/testing/render';
import { kaLoans } from '../../../ka-loans';
import { activeLoan, fakeLoanProvider, startingWith } from '../../../testing/fake-loan-provider';
import { BANK_ORIGIN, fakeOrderProvider } from '../../../testing/fake-order-provider';
import NextPayment from '../../loans/components/next-payment';
import { kaCardPayment as t } from '../ka-card-payment';
import { leavePage } from '../lib/leave-page';

vi.mock('../lib/leave-page', async (original) => ({
  ...(await original<typeof import('../lib/leave-page')>()),
  leavePage: vi.fn(),
}));

const repay = kaLoans.repay;

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leavePage).mockReset();
  setPaymentPageOrigins([BANK_ORIGIN]);
});
afterEach(() => setPaymentPageOrigins([]));

function renderPage() {
  fakeLoanProvider({ loans: [activeLoan], overdue: null });
  const provider = fakeOrderProvider();
  startSession();
  const page = render(<NextPayment />);
  return { provider, page };
}

/** The next payment's confirmation for `choice`, `amount` typed when it is another amount. */
async function toConfirmation(user: UserEvent, choice = repay.next, amount?: string) {
  const card = await screen.findByRole('region', { name: kaLoans.next.title });
  await user.click(within(card).getByRole('button', { name: kaLoans.loan.pay }));
  await user.click(await within(card).findByRole('radio', { name: startingWith(choice) }));
  if (amount) await user.type(within(card).getByRole('textbox'), amount);
  await user.click(within(card).getByRole('button', { name: repay.continue }));
  return within(card).findByRole('button', { name: t.payWithCard });
}

describe('one Idempotency-Key per attempt to pay (contract v1.3)', () => {
  it('asks again with the same key when the answer is lost, and the provider makes one order', async () => {
    const user = userEvent.setup();
    const { provider } = renderPage();
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
    const { provider } = renderPage();
    provider.loseAnswers = 2;
    await user.click(await toConfirmation(user));

    // The orders list, asked again, has it: the customer continues it on the bank's page.
    const progress = await screen.findByRole('region', { name: t.inProgress.title });
    expect(within(progress).getByRole('link', { name: t.inProgress.continue })).toHaveAttribute(
      'href',
      `${BANK_ORIGIN}/pay/tok-101`,
    );
    expect(provider.orders).toHaveLength(1);
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('tells the customer when the repeat is lost too, and the next press still sends that key', async () => {
    const user = userEvent.setup();
    const { provider } = renderPage();
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
    const { provider, page } = renderPage();
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
    const { provider } = renderPage();
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
