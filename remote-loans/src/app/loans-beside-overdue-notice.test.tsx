import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { ka } from 'shared/strings/ka';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { render, renderInRouter } from 'shared/testing/render';
import { kaLoans } from '../ka-loans';
import { logIn, money } from '../testing/customer';
import { fakeLoanProvider, overdueAnswer, overdueLoan } from '../testing/fake-loan-provider';
import { fact, findNotice } from '../testing/overdue-notice';
import LoansOverview from './loans-overview';
import OverdueNotice from './overdue-notice';

const t = kaLoans.overdue;

/** Both sections, in the page's order. */
function overdueAboveLoans() {
  return (
    <>
      <OverdueNotice />
      <LoansOverview />
    </>
  );
}

/** The page as a customer with an overdue loan has it: the notice above the loans' cards. */
describe('the overdue notice beside the loans', () => {
  it('says in Georgian when the overdue answer fails, in its own section, and retries', async () => {
    const user = userEvent.setup();
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    // Down until the test says otherwise: every observer that mounts meanwhile also fails.
    const provider = { down: true };
    mswServer.use(
      http.get('*/api/loan/overdue_loan_application/', () =>
        provider.down ? new HttpResponse(null, { status: 500 }) : undefined,
      ),
    );
    logIn();
    renderInRouter(overdueAboveLoans());

    const region = await findNotice();
    expect(await within(region).findByRole('alert')).toHaveTextContent(t.error);
    // The loans beside it are not touched by this failure.
    const loans = screen.getByRole('region', { name: ka.loans.title });
    expect(await within(loans).findAllByRole('listitem')).toHaveLength(1);
    expect(within(loans).queryByRole('alert')).toBeNull();

    provider.down = false;
    await user.click(within(region).getByRole('button', { name: ka.common.retry }));
    expect(await within(region).findByText(t.totalDue)).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('still shows what is overdue when the loans cannot be loaded', async () => {
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    mswServer.use(http.get('*/api/loan/loan/', () => new HttpResponse(null, { status: 500 })));
    logIn();
    render(overdueAboveLoans());

    const loans = screen.getByRole('region', { name: ka.loans.title });
    expect(await within(loans).findByRole('alert')).toHaveTextContent(kaLoans.error);
    const region = await findNotice();
    expect(fact(region, t.totalDue)).toHaveTextContent(money('284.82'));
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('pays the same loan once when it is open both here and in its card', async () => {
    const user = userEvent.setup();
    const gate = createGate();
    const provider = fakeLoanProvider(
      { loans: [overdueLoan], overdue: overdueAnswer },
      { repayGate: gate },
    );
    logIn();
    renderInRouter(overdueAboveLoans());
    const region = await findNotice();
    const [card] = (await screen.findAllByRole('listitem')) as [HTMLElement];
    await within(card).findByText(kaLoans.loan.penalty);

    for (const place of [region, card]) {
      await user.click(
        within(place).getByRole('button', { name: place === region ? t.pay : kaLoans.loan.pay }),
      );
      await user.click(await within(place).findByRole('button', { name: kaLoans.repay.continue }));
    }
    const confirmHere = await within(region).findByRole('button', { name: kaLoans.repay.confirm });
    const confirmInCard = within(card).getByRole('button', { name: kaLoans.repay.confirm });

    await user.click(confirmInCard);
    await waitFor(() => expect(confirmHere).toBeDisabled());
    await user.click(confirmHere);

    gate.open();
    expect(await within(card).findByRole('status')).toHaveTextContent(kaLoans.repay.success);
    expect(provider.repayments).toHaveLength(1);
  });
});
