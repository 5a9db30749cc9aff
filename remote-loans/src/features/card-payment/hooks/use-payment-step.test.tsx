import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { ka } from 'shared/strings/ka';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { PayoffAction } from '../../../app/payoff-action';
import { RepayForm } from '../../../app/repay-form';
import { kaLoans } from '../../../ka-loans';
import { activeLoan, fakeLoanProvider } from '../../../testing/fake-loan-provider';
import { fakeOrderProvider } from '../../../testing/fake-order-provider';
import { kaCardPayment as t } from '../ka-card-payment';

/**
 * A v1.3 provider whose orders list fails (a 5xx) until `recover` is called: the page cannot
 * tell whether it takes payments on the bank's page, and a v1.3 provider's repay/ and payoff/
 * stand for money already taken.
 */
function providerThatCannotSay() {
  const loans = fakeLoanProvider({ loans: [activeLoan], overdue: null });
  const orders = fakeOrderProvider();
  let failing = true;
  const directPayoffs: number[] = [];
  mswServer.use(
    http.get('*/api/loan/payment_orders/', () =>
      failing
        ? HttpResponse.json({ detail: 'Server error.' }, { status: 503 })
        : HttpResponse.json(orders.orders),
    ),
    http.post('*/api/loan/loan/:id/payoff/', ({ params }) => {
      directPayoffs.push(Number(params.id));
      return HttpResponse.json({ detail: 'Server error.' }, { status: 503 });
    }),
  );
  startSession();
  return {
    loans,
    orders,
    directPayoffs,
    recover: () => {
      failing = false;
    },
  };
}

describe('the payment step a money action is given', () => {
  it('says the repayment cannot be prepared when the provider cannot say how it takes payments, pays nothing, and reaches the card on retry', async () => {
    const user = userEvent.setup();
    const provider = providerThatCannotSay();
    render(<RepayForm loan={activeLoan} overdue={null} onPaid={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: kaLoans.repay.continue }));

    expect(await screen.findByText(t.modeFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: kaLoans.repay.confirm })).toBeNull();
    expect(screen.queryByRole('button', { name: t.payWithCard })).toBeNull();

    provider.recover();
    await user.click(screen.getByRole('button', { name: ka.common.retry }));
    expect(await screen.findByRole('button', { name: t.payWithCard })).toBeEnabled();
    expect(provider.loans.repayments).toEqual([]);
    expect(provider.orders.creates).toEqual([]);
  });

  it('says the same of a payoff, with nothing sent to payoff/', async () => {
    const user = userEvent.setup();
    const provider = providerThatCannotSay();
    render(<PayoffAction loanId={activeLoan.id} payable headingLevel={3} />);
    await user.click(screen.getByRole('button', { name: kaLoans.payoff.open }));
    await user.click(await screen.findByRole('button', { name: kaLoans.payoff.payToday }));

    expect(await screen.findByText(t.modeFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: kaLoans.payoff.confirm })).toBeNull();
    expect(provider.directPayoffs).toEqual([]);
  });
});
