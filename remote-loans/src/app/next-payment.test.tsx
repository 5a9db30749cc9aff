import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney } from 'shared/lib/money';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { startSession } from 'shared/testing/log-in';
import { render } from 'shared/testing/render';
import { kaLoans as t } from '../ka-loans';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
  repaidLoan,
  startingWith,
} from '../testing/fake-loan-provider';
import NextPayment from './next-payment';

/** Money as the customer reads it; queries normalise the formatter's no-break space. */
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

function renderFor(loans: Loan[]) {
  const state = fakeLoanProvider({
    loans,
    overdue: loans.some((loan) => loan.status === 'overdue') ? overdueAnswer : null,
  });
  startSession();
  const { container } = render(<NextPayment />);
  return { state, container };
}

describe('the next payment', () => {
  it('shows the next payment’s amount and date and what is still owed', async () => {
    renderFor([activeLoan, repaidLoan]);
    const card = await screen.findByRole('region', { name: t.next.title });
    expect(within(card).getByText(t.next.amount).nextElementSibling).toHaveTextContent(
      money('272.09'),
    );
    expect(within(card).getByText(t.next.date).nextElementSibling).toHaveTextContent(
      formatDate('2026-12-20'),
    );
    expect(within(card).getByText(t.next.outstanding).nextElementSibling).toHaveTextContent(
      money('544.19'),
    );
    // The repaid loan has nothing due.
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
  });

  it('pays the loan right there, and then shows what is due next', async () => {
    const user = userEvent.setup();
    const { state } = renderFor([activeLoan]);
    const card = await screen.findByRole('region', { name: t.next.title });

    await user.click(within(card).getByRole('button', { name: t.loan.pay }));
    await user.click(await within(card).findByRole('radio', { name: startingWith(t.repay.next) }));
    await user.click(within(card).getByRole('button', { name: t.repay.continue }));
    await user.click(await within(card).findByRole('button', { name: t.repay.confirm }));

    expect(await within(card).findByRole('status')).toHaveTextContent(t.repay.success);
    expect(state.repayments).toEqual([{ id: activeLoan.id, amount: '272.09' }]);
    expect(await within(card).findByText(formatDate('2027-01-20'))).toBeInTheDocument();
  });

  it('says nothing when no loan is being repaid on schedule (the overdue notice has that loan)', async () => {
    const { container } = renderFor([overdueLoan, repaidLoan]);
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.loans)).toHaveLength(2));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('puts the payment due soonest first', async () => {
    const later = { ...activeLoan, id: 30, next_payment_date: '2027-02-01', amount: '2000.00' };
    renderFor([later, activeLoan]);
    const card = await screen.findByRole('region', { name: t.next.title });
    const [first, second] = within(card).getAllByRole('listitem');
    expect(first).toHaveTextContent(formatDate('2026-12-20'));
    expect(second).toHaveTextContent(formatDate('2027-02-01'));
  });
});
