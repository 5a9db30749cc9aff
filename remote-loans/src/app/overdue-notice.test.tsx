import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatMoney } from 'shared/lib/money';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { payoffQuote } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaLoans } from '../ka-loans';
import { overdueQuery } from '../lib/overdue/overdue';
import { logIn, money } from '../testing/customer';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
  startingWith,
} from '../testing/fake-loan-provider';
import { fact, findNotice } from '../testing/overdue-notice';
import OverdueNotice from './overdue-notice';

const t = kaLoans.overdue;

/** A customer with the overdue loan, the notice shown: the provider and the notice's region. */
async function showOverdueNotice() {
  const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
  logIn();
  render(<OverdueNotice />);
  return { provider, region: await findNotice() };
}

describe('the overdue notice', () => {
  it('renders nothing at all when the provider answers 404 (nothing overdue)', async () => {
    // A loan the list still calls overdue, which the provider has just settled.
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: null });
    logIn();
    const { container } = render(<OverdueNotice />);

    await waitFor(() =>
      expect(queryClient.getQueryState(overdueQuery.queryKey)?.status).toBe('success'),
    );
    expect(provider.overdueRequests).toBe(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks nothing while no loan is overdue, so no browser logs a 404', async () => {
    const provider = fakeLoanProvider({ loans: [activeLoan], overdue: null });
    logIn();
    const { container } = render(<OverdueNotice />);

    await waitFor(() =>
      expect(queryClient.getQueryState(['account', 'loans'])?.status).toBe('success'),
    );
    expect(provider.overdueRequests).toBe(0);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks nothing and shows nothing to a visitor', () => {
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const { container } = render(<OverdueNotice />);
    expect(container).toBeEmptyDOMElement();
    expect(provider.overdueRequests).toBe(0);
  });

  it('shows the days overdue, the overdue amount, the penalty and the total due', async () => {
    const { region } = await showOverdueNotice();

    expect(region).toHaveAttribute('id', 'overdue');
    expect(within(region).getByRole('heading', { level: 2, name: t.title })).toBeInTheDocument();
    expect(fact(region, t.days)).toHaveTextContent(format(t.daysValue, { count: 12 }));
    expect(fact(region, t.amount)).toHaveTextContent(money('281.44'));
    expect(fact(region, t.penalty)).toHaveTextContent(money('3.38'));
    expect(fact(region, t.totalDue)).toHaveTextContent(money('284.82'));
    // Present on load: it must not interrupt the screen reader as an alert would.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how much one more day adds beside the penalty (v1.2), and nothing of it for a v1.1 provider', async () => {
    fakeLoanProvider({
      loans: [overdueLoan],
      overdue: { ...overdueAnswer, penalty_rate: '0.10', penalty_per_day: '0.28' },
    });
    logIn();
    const { unmount } = render(<OverdueNotice />);
    expect(fact(await findNotice(), t.penalty)).toHaveTextContent(
      format(t.perDayRate, { amount: money('0.28'), rate: '0,10%' }).replace(/\s+/g, ' '),
    );
    unmount();

    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    queryClient.clear();
    render(<OverdueNotice />);
    const penalty = fact(await findNotice(), t.penalty);
    expect(penalty).toHaveTextContent(money('3.38'));
    expect(penalty?.textContent).not.toContain(money('0.28'));
  });

  it('pays the total due from the notice, which then goes away', async () => {
    const user = userEvent.setup();
    const { provider, region } = await showOverdueNotice();

    await user.click(within(region).getByRole('button', { name: t.pay }));
    const total = await within(region).findByRole('radio', {
      name: startingWith(kaLoans.repay.totalDue),
    });
    expect(total).toBeChecked();
    expect(total).toHaveAccessibleName(new RegExp(formatMoney('284.82')));
    await user.click(within(region).getByRole('button', { name: kaLoans.repay.continue }));
    await user.click(await within(region).findByRole('button', { name: kaLoans.repay.confirm }));

    expect(await screen.findByRole('status')).toHaveTextContent(kaLoans.repay.success);
    expect(provider.repayments).toEqual([{ id: overdueLoan.id, amount: '284.82' }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: t.title })).toBeNull());
    expect(provider.overdueRequests).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent(money('284.82'));
  });

  it('pays the whole loan off from the notice (v1.1), which then goes, saying so', async () => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const payoffs: number[] = [];
    mswServer.use(
      http.get('*/api/loan/loan/:id/payoff/', ({ params }) =>
        HttpResponse.json({
          ...payoffQuote,
          loan: Number(params.id),
          penalty: '3.38',
          total: '1129.12',
        }),
      ),
      http.post('*/api/loan/loan/:id/payoff/', ({ params }) => {
        payoffs.push(Number(params.id));
        const closed = {
          ...overdueLoan,
          status: 'repaid' as const,
          outstanding: '0.00',
          closed_at: '2026-11-25T12:00:00+04:00',
        };
        provider.loans = [closed];
        provider.overdue = null;
        return HttpResponse.json(closed);
      }),
    );
    logIn();
    render(<OverdueNotice />);
    const region = await findNotice();

    await user.click(within(region).getByRole('button', { name: kaLoans.payoff.open }));
    // The penalty is part of what paying it all off takes.
    const quote = await within(region).findByRole('region', { name: kaLoans.payoff.title });
    expect(within(quote).getByText(kaLoans.payoff.penalty).nextElementSibling).toHaveTextContent(
      money('3.38'),
    );
    await user.click(within(region).getByRole('button', { name: kaLoans.payoff.payToday }));
    expect(
      within(region).getByText(
        format(kaLoans.payoff.confirmStatement, { amount: money('1129.12') }),
      ),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: kaLoans.payoff.confirm }));

    await waitFor(() => expect(screen.queryByRole('region', { name: t.title })).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent(
      format(kaLoans.payoff.done, { amount: money('1129.12') }),
    );
    expect(payoffs).toEqual([overdueLoan.id]);
    expect(provider.repayments).toEqual([]);
  });

  it('stays with fresh figures after a part payment', async () => {
    const user = userEvent.setup();
    const { provider, region } = await showOverdueNotice();

    await user.click(within(region).getByRole('button', { name: t.pay }));
    await user.click(await within(region).findByRole('radio', { name: kaLoans.repay.other }));
    await user.type(
      within(region).getByRole('textbox', { name: kaLoans.repay.otherLabel }),
      '103,38',
    );
    await user.click(within(region).getByRole('button', { name: kaLoans.repay.continue }));
    await user.click(await within(region).findByRole('button', { name: kaLoans.repay.confirm }));

    expect(await within(region).findByRole('status')).toHaveTextContent(kaLoans.repay.success);
    expect(provider.repayments).toEqual([{ id: overdueLoan.id, amount: '103.38' }]);
    // 281.44 overdue − (103.38 − 3.38 penalty) = 181.44, and no penalty since the payment.
    await waitFor(() => expect(fact(region, t.totalDue)).toHaveTextContent(money('181.44')));
    expect(fact(region, t.penalty)).toHaveTextContent(money('0.00'));
  });
});
