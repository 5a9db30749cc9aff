import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { loans, withdrawalQuote } from 'shared/testing/fixtures';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaLoans } from '../../../ka-loans';
import { WithdrawAction } from './withdraw-action';

const t = kaLoans.withdrawal;
const [fixture] = loans as [Loan];
/** Issued on 22 November: its 14 days run to 6 December. */
const freshLoan: Loan = {
  ...fixture,
  issued_at: '2026-11-22T12:00:00+04:00',
  withdrawal_until: '2026-12-06',
};
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

function renderAction(loan: Loan = freshLoan) {
  startSession();
  return render(<WithdrawAction loan={loan} headingLevel={3} />);
}

/** Records every POST of a withdrawal, answering the loan withdrawn (or as the test says). */
function watchWithdrawals(answer?: () => Response) {
  const posts: number[] = [];
  mswServer.use(
    http.post('*/api/loan/loan/:id/withdraw/', ({ params }) => {
      posts.push(Number(params.id));
      return (
        answer?.() ??
        HttpResponse.json({
          ...freshLoan,
          status: 'withdrawn',
          outstanding: '0.00',
          next_payment_date: null,
          next_payment_amount: null,
          closed_at: '2026-11-25T12:00:00+04:00',
        })
      );
    }),
  );
  return posts;
}

describe('withdrawing from a loan within 14 days', () => {
  beforeEach(() => {
    // Only the date: the page's today is Tbilisi's 25 November 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00+04:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('offers it with the days left while the 14 days run', async () => {
    renderAction();
    expect(await screen.findByRole('button', { name: t.open })).toBeInTheDocument();
    expect(
      screen.getByText(format(t.daysLeft, { date: formatDate('2026-12-06'), days: 11 })),
    ).toBeInTheDocument();
  });

  it('offers nothing after the 14 days, or on a closed loan', async () => {
    const { unmount } = renderAction({ ...freshLoan, withdrawal_until: '2026-11-24' });
    // The button would come after mount, with the browser's date: give it that chance.
    await waitFor(() => expect(screen.queryByRole('button', { name: t.open })).toBeNull());
    unmount();
    renderAction({ ...freshLoan, status: 'repaid', outstanding: '0.00' });
    await waitFor(() => expect(screen.queryByRole('button', { name: t.open })).toBeNull());
  });

  it('shows what returning it takes, confirms stating the amount, and says the loan is closed', async () => {
    const user = userEvent.setup();
    const posts = watchWithdrawals();
    renderAction();
    await user.click(await screen.findByRole('button', { name: t.open }));

    const panel = screen.getByRole('region', { name: t.title });
    expect(await screen.findByText(t.amountToReturn)).toBeInTheDocument();
    expect(panel).toHaveTextContent(money(withdrawalQuote.amount_to_return));
    expect(panel).toHaveTextContent(money(withdrawalQuote.interest));
    expect(panel).toHaveTextContent(money(withdrawalQuote.fee_refunded));

    await user.click(screen.getByRole('button', { name: t.continue }));
    expect(screen.getByRole('heading', { name: t.confirmTitle })).toHaveFocus();
    expect(
      screen.getByText(
        format(t.confirmStatement, { amount: money(withdrawalQuote.amount_to_return) }),
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.confirm }));

    const done = await screen.findByText(t.done);
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(posts).toEqual([freshLoan.id]);
  });

  it('says the lender owes the customer when they already paid more than returning takes', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/loan/loan/:id/withdrawal/', () =>
        HttpResponse.json({ ...withdrawalQuote, amount_to_return: '-12.40' }),
      ),
    );
    renderAction();
    await user.click(await screen.findByRole('button', { name: t.open }));
    expect(
      await screen.findByText(format(t.owedToYou, { amount: money('12.40') })),
    ).toBeInTheDocument();
    expect(screen.queryByText(t.amountToReturn)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.continue }));
    expect(
      screen.getByText(format(t.confirmStatementRefund, { amount: money('12.40') })),
    ).toBeInTheDocument();
  });

  it('shows the provider’s refusal beside the confirmation: the 14 days are over', async () => {
    const user = userEvent.setup();
    watchWithdrawals(() =>
      HttpResponse.json(
        { detail: 'Withdrawal period is over.', code: 'withdrawal_period_over' },
        { status: 400 },
      ),
    );
    renderAction();
    await user.click(await screen.findByRole('button', { name: t.open }));
    await user.click(await screen.findByRole('button', { name: t.continue }));
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      kaLoans.refusal.withdrawal_period_over,
    );
  });

  it('says so when the provider answers that the period is over before confirming', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/loan/loan/:id/withdrawal/', () =>
        HttpResponse.json({ ...withdrawalQuote, available: false }),
      ),
    );
    renderAction();
    await user.click(await screen.findByRole('button', { name: t.open }));
    expect(await screen.findByText(t.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.continue })).toBeNull();
  });

  it('gives the focus back to its button when cancelled', async () => {
    const user = userEvent.setup();
    renderAction();
    await user.click(await screen.findByRole('button', { name: t.open }));
    await user.click(await screen.findByRole('button', { name: t.continue }));
    await user.click(screen.getByRole('button', { name: t.back }));
    await user.click(screen.getByRole('button', { name: t.cancel }));
    expect(screen.getByRole('button', { name: t.open })).toHaveFocus();
  });
});
