import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { format } from 'shared/strings/ka';
import { startSession } from 'shared/testing/log-in';
import { render, renderInRouter } from 'shared/testing/render';
import LoansOverview from '../../../app/loans-overview';
import NextPayment from '../../../app/next-payment';
import OverdueNotice from '../../../app/overdue-notice';
import { kaLoans } from '../../../ka-loans';
import { money } from '../../../testing/customer';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
} from '../../../testing/fake-loan-provider';
import {
  BANK_ORIGIN,
  fakeOrderProvider,
  onAPageThatKnowsTheBank,
  orderOf,
} from '../../../testing/fake-order-provider';
import type { PaymentOrder } from '../api/payment-orders';
import { OPEN_ORDER_POLL_MS } from '../hooks/use-payment-orders';
import { kaCardPayment } from '../ka-card-payment';

onAPageThatKnowsTheBank();

const t = kaCardPayment.inProgress;

afterEach(() => vi.useRealTimers());

const open = (fields: Partial<PaymentOrder> = {}) =>
  orderOf({ id: 7, loan: activeLoan.id, amount: '272.09', ...fields });

function withOrders(orders: PaymentOrder[], loans = [activeLoan]) {
  fakeLoanProvider({
    loans,
    overdue: loans.some((loan) => loan.status === 'overdue') ? overdueAnswer : null,
  });
  const provider = fakeOrderProvider({ orders });
  startSession();
  return provider;
}

describe('a payment in progress on a loan (contract v1.3)', () => {
  it('shows on the loan’s card its amount, since when, the bank’s page and a cancel, and no way to pay again', async () => {
    withOrders([open()]);
    renderInRouter(<LoansOverview />);

    const progress = await screen.findByRole('article', { name: t.title });
    expect(within(progress).getByText(t.amount).nextElementSibling).toHaveTextContent(
      money('272.09'),
    );
    expect(within(progress).getByText(t.since).nextElementSibling).toHaveTextContent(
      formatDateTime('2026-11-22T10:15:00+04:00'),
    );
    expect(within(progress).getByRole('link', { name: t.continue })).toHaveAttribute(
      'href',
      `${BANK_ORIGIN}/pay/tok-7`,
    );
    expect(within(progress).getByRole('button', { name: t.cancel })).toBeInTheDocument();
    // On a page just opened it leaves the focus where the page starts.
    expect(within(progress).getByRole('heading', { name: t.title })).not.toHaveFocus();
    const loan = progress.closest('li') as HTMLElement;
    expect(within(loan).queryByRole('button', { name: kaLoans.loan.pay })).toBeNull();
    expect(within(loan).queryByRole('button', { name: kaLoans.payoff.open })).toBeNull();
  });

  it('offers neither the bank’s page nor a cancel once the bank has the card', async () => {
    withOrders([open({ status: 'processing', redirect_url: null })]);
    render(<NextPayment />);

    const progress = await screen.findByRole('article', { name: t.title });
    expect(progress).toHaveTextContent(t.processing);
    expect(within(progress).queryByRole('link')).toBeNull();
    expect(within(progress).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: kaLoans.loan.pay })).toBeNull();
  });

  it('cancels a payment left on the bank’s page, and the loan can be paid again', async () => {
    const user = userEvent.setup();
    const provider = withOrders([open()]);
    render(<NextPayment />);

    const progress = await screen.findByRole('article', { name: t.title });
    await user.click(within(progress).getByRole('button', { name: t.cancel }));

    expect(await screen.findByRole('button', { name: kaLoans.loan.pay })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: t.title })).toBeNull();
    expect(provider.cancels).toEqual([7]);
  });

  it('shows in the overdue notice, without its pay buttons', async () => {
    withOrders([open({ loan: overdueLoan.id, amount: '284.82' })], [overdueLoan]);
    render(<OverdueNotice />);

    const notice = await screen.findByRole('region', { name: kaLoans.overdue.title });
    const progress = await within(notice).findByRole('article', { name: t.title });
    expect(progress).toHaveTextContent(money('284.82'));
    expect(within(notice).queryByRole('button', { name: kaLoans.overdue.pay })).toBeNull();
    expect(within(notice).queryByRole('button', { name: kaLoans.payoff.open })).toBeNull();
  });

  it('goes when the bank decides it elsewhere (another tab, another device): the list is asked again meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const provider = withOrders([open()]);
    render(<NextPayment />);
    await screen.findByRole('article', { name: t.title });

    Object.assign(provider.orders[0] as PaymentOrder, { status: 'succeeded', redirect_url: null });
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ORDER_POLL_MS + 100));

    expect(await screen.findByRole('button', { name: kaLoans.loan.pay })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: t.title })).toBeNull();
  });
});

describe('a declined payment on the first screen', () => {
  const failed = (loan: number) =>
    orderOf({
      id: 9,
      loan,
      purpose: 'autopay',
      amount: '272.09',
      status: 'declined',
      redirect_url: null,
      decline_reason: 'insufficient_funds',
      decided_at: '2026-12-20T10:00:05+04:00',
    });

  const said = format(kaCardPayment.autopayFailed, {
    date: formatDate('2026-12-20T10:00:05+04:00'),
    amount: formatMoney('272.09'),
    reason: kaCardPayment.outcome.declined.insufficient_funds,
  }).replace(/\s+/g, ' ');

  it('is said on the next payment, above its one pay button', async () => {
    const user = userEvent.setup();
    withOrders([failed(activeLoan.id)]);
    render(<NextPayment />);

    const card = await screen.findByRole('region', { name: kaLoans.next.title });
    expect(await within(card).findByRole('status')).toHaveTextContent(said);
    expect(within(card).getAllByRole('button')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: kaLoans.loan.pay }));
    expect(
      await within(card).findByRole('button', { name: kaLoans.repay.continue }),
    ).toBeInTheDocument();
  });

  it('is said on the overdue notice, above its one pay button', async () => {
    const user = userEvent.setup();
    withOrders([failed(overdueLoan.id)], [overdueLoan]);
    render(<OverdueNotice />);

    const notice = await screen.findByRole('region', { name: kaLoans.overdue.title });
    expect(await within(notice).findByText(said)).toBeInTheDocument();
    expect(within(notice).getAllByRole('button', { name: kaLoans.overdue.pay })).toHaveLength(1);
    await user.click(within(notice).getByRole('button', { name: kaLoans.overdue.pay }));
    expect(
      await within(notice).findByRole('button', { name: kaLoans.repay.continue }),
    ).toBeInTheDocument();
  });

  it('is not said once the loan has been paid since (its last order is not the failed charge)', async () => {
    withOrders([
      orderOf({ id: 10, loan: activeLoan.id, status: 'succeeded', redirect_url: null }),
      failed(activeLoan.id),
    ]);
    render(<NextPayment />);
    await screen.findByRole('button', { name: kaLoans.loan.pay });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a payment of the customer’s own that the bank declined, so a customer who left the return page finds it on the loan', async () => {
    withOrders([
      orderOf({
        id: 11,
        loan: activeLoan.id,
        status: 'declined',
        redirect_url: null,
        decline_reason: 'card_declined',
        decided_at: '2026-12-20T10:00:05+04:00',
      }),
    ]);
    render(<NextPayment />);
    const card = await screen.findByRole('region', { name: kaLoans.next.title });
    expect(await within(card).findByRole('status')).toHaveTextContent(
      format(kaCardPayment.paymentFailed, {
        date: formatDate('2026-12-20T10:00:05+04:00'),
        amount: formatMoney('272.09'),
        reason: kaCardPayment.outcome.declined.card_declined,
      }).replace(/\s+/g, ' '),
    );
  });
});
