import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatMoney } from 'shared/lib/money';
import { invalidateAccount } from 'shared/query/account-queries';
import { useUiStore } from 'shared/stores/ui-store';
import { format, ka } from 'shared/strings/ka';
import { customer, loanLimit, loans } from 'shared/testing/fixtures';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { holdSession } from 'shared/testing/session';
import { kaLoans } from '../ka-loans';
import {
  fakeLoanProvider,
  repaidLoan as fullyPaidLoan,
  overdueAnswer,
  overdueLoan,
  activeLoan as payingLoan,
  startingWith,
} from '../testing/fake-loan-provider';
import LoansOverview from './loans-overview';

const [activeLoan, repaidLoan] = loans as [(typeof loans)[0], (typeof loans)[0]];

/** Money as the customer reads it; queries normalise the formatter's no-break space. */
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

function logIn() {
  startSession();
}

interface LoanRequest {
  signedIn: string | null;
  authorization: string | null;
}

/**
 * Records what authorises every GET /api/loan/loan/ (the session's cookie, never a token:
 * the host's server holds those) and answers the fixtures.
 */
function watchLoanRequests(): LoanRequest[] {
  const seen: LoanRequest[] = [];
  mswServer.use(
    http.get('*/api/loan/loan/', ({ request, cookies }) => {
      seen.push({
        signedIn: cookies.signed_in ?? null,
        authorization: request.headers.get('Authorization'),
      });
      return HttpResponse.json(loans);
    }),
  );
  return seen;
}

async function findLoanItems(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list');
  return within(list).getAllByRole('listitem');
}

describe('the loans overview', () => {
  it('asks a visitor to log in, and its login button asks for the login form', async () => {
    const user = userEvent.setup();
    const requests = watchLoanRequests();
    renderInRouter(<LoansOverview />);

    expect(screen.getByRole('heading', { name: ka.loans.title })).toBeInTheDocument();
    expect(screen.getByText(kaLoans.loginToSee)).toBeInTheDocument();
    expect(useUiStore.getState().accountPanel).toBeNull();

    await user.click(screen.getByRole('button', { name: ka.account.login }));

    expect(useUiStore.getState().accountPanel).toBe('login');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows a logged-in customer's loans with amount, status, term and next payment", async () => {
    logIn();
    renderInRouter(<LoansOverview />);

    const [active, repaid] = (await findLoanItems()) as [HTMLElement, HTMLElement];
    expect(screen.queryByText(kaLoans.loginToSee)).not.toBeInTheDocument();

    expect(within(active).getByText(money(activeLoan.amount))).toBeInTheDocument();
    expect(within(active).getByText(kaLoans.status.active)).toBeInTheDocument();
    expect(within(active).getByText(kaLoans.outstanding).nextElementSibling).toHaveTextContent(
      money(activeLoan.outstanding),
    );
    expect(within(active).getByText(`${activeLoan.term} ${kaLoans.months}`)).toBeInTheDocument();
    const nextPayment = within(active).getByText(ka.loans.nextPayment).nextElementSibling;
    expect(nextPayment).toHaveTextContent(money('281.44'));
    expect(nextPayment).toHaveTextContent(/10 დეკემბერი,? 2026/);

    // Money reads as Georgian lari, not as the provider's raw decimal string.
    expect(active).toHaveTextContent('₾');
    expect(active).not.toHaveTextContent(activeLoan.amount);

    expect(within(repaid).getByText(money(repaidLoan.amount))).toBeInTheDocument();
    expect(within(repaid).getByText(kaLoans.status.repaid)).toBeInTheDocument();
    expect(within(repaid).queryByText(ka.loans.nextPayment)).not.toBeInTheDocument();
    // Each loan, open or closed, leads to a complaint about it: the account slice's page.
    for (const [item, loan] of [
      [active, activeLoan],
      [repaid, repaidLoan],
    ] as const) {
      expect(within(item).getByRole('link', { name: kaLoans.complainAbout })).toHaveAttribute(
        'href',
        `/complaints?loan=${loan.id}`,
      );
    }
  });

  it('asks for the loans with the session’s cookies, never a token', async () => {
    const requests = watchLoanRequests();
    holdSession();
    logIn();
    renderInRouter(<LoansOverview />);

    await findLoanItems();
    expect(requests).toEqual([{ signedIn: '1', authorization: null }]);
  });

  it('shows the loans once the visitor logs in', async () => {
    renderInRouter(<LoansOverview />);
    expect(screen.getByText(kaLoans.loginToSee)).toBeInTheDocument();

    act(() => logIn());

    expect(await findLoanItems()).toHaveLength(2);
    expect(screen.queryByText(kaLoans.loginToSee)).not.toBeInTheDocument();
  });

  it('says there are no loans when the list is empty', async () => {
    mswServer.use(http.get('*/api/loan/loan/', () => HttpResponse.json([])));
    logIn();
    renderInRouter(<LoansOverview />);

    expect(await screen.findByText(kaLoans.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the loans again', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/loan/loan/', () => new HttpResponse(null, { status: 500 }), { once: true }),
    );
    logIn();
    renderInRouter(<LoansOverview />);

    expect(await screen.findByRole('alert')).toHaveTextContent(kaLoans.error);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await findLoanItems()).toHaveLength(2);
    expect(screen.queryByText(kaLoans.error)).not.toBeInTheDocument();
  });

  it('shows the loan limit and the terms it allows', async () => {
    logIn();
    renderInRouter(<LoansOverview />);
    await findLoanItems();
    const amount = await screen.findByText(kaLoans.amountLimit);
    expect(amount.nextElementSibling).toHaveTextContent(money(loanLimit.amount_limit));
    expect(screen.getByText(kaLoans.termLimit).nextElementSibling).toHaveTextContent(
      `3, 6, 12 ${kaLoans.months}`,
    );
  });

  it('lists the limit’s terms shortest first whatever order the provider sends them in', async () => {
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ ...loanLimit, term_limit: [12, 3, 6] }),
      ),
    );
    logIn();
    renderInRouter(<LoansOverview />);
    const terms = await screen.findByText(kaLoans.termLimit);
    expect(terms.nextElementSibling).toHaveTextContent(`3, 6, 12 ${kaLoans.months}`);
  });

  it('says the term is fixed when the limit allows one term', async () => {
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ amount_limit: '500.00', term_limit: [6] }),
      ),
    );
    logIn();
    renderInRouter(<LoansOverview />);
    const fixed = await screen.findByText(kaLoans.termFixed);
    expect(fixed.nextElementSibling).toHaveTextContent(`6 ${kaLoans.months}`);
  });

  it('still shows the loans when the limit cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () => new HttpResponse(null, { status: 500 })),
    );
    logIn();
    renderInRouter(<LoansOverview />);
    expect(await findLoanItems()).toHaveLength(2);
    expect(screen.queryByText(kaLoans.amountLimit)).not.toBeInTheDocument();
  });
});

describe('the loans with their schedules, payments and the overdue loan', () => {
  const t = kaLoans;

  /** The provider with an overdue, an active and a repaid loan, each with its schedule. */
  function provider() {
    return fakeLoanProvider({
      loans: [overdueLoan, payingLoan, fullyPaidLoan],
      overdue: overdueAnswer,
    });
  }

  /** The cards, most recently issued first: the active loan, the overdue one, the repaid one. */
  async function findCards() {
    const [active, overdue, repaid] = (await findLoanItems()) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    return { overdue, active, repaid };
  }

  it('names the status of the last application in Georgian', async () => {
    mswServer.use(
      http.get('*/api/user/details/', () =>
        HttpResponse.json({ ...customer, last_loan_application_status: 'pending' }),
      ),
    );
    logIn();
    renderInRouter(<LoansOverview />);
    const term = await screen.findByText(t.summary.lastApplication);
    expect(term.nextElementSibling).toHaveTextContent('განხილვაშია');
  });

  it('shows how much of each loan is paid: rows of the term and the money', async () => {
    provider();
    logIn();
    renderInRouter(<LoansOverview />);
    const { overdue, active, repaid } = await findCards();

    expect(overdue).toHaveTextContent(format(t.loan.progress, { paid: 2, total: 6 }));
    expect(overdue).toHaveTextContent(`${t.loan.paidAmount}: ${money('562.88')}`);
    expect(active).toHaveTextContent(format(t.loan.progress, { paid: 1, total: 3 }));
    expect(active).toHaveTextContent(`${t.loan.paidAmount}: ${money('272.09')}`);
    expect(repaid).toHaveTextContent(format(t.loan.progress, { paid: 3, total: 3 }));
  });

  it('marks the paid rows of the schedule in words, in a real table', async () => {
    const user = userEvent.setup();
    provider();
    logIn();
    renderInRouter(<LoansOverview />);
    const { active } = await findCards();

    await user.click(within(active).getByText(t.schedule.title));
    const table = within(active).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      ka.schedule.number,
      ka.schedule.date,
      ka.schedule.principal,
      ka.schedule.interest,
      ka.schedule.payment,
      ka.schedule.balance,
      ka.schedule.state,
    ]);
    const [, first, second, third] = within(table).getAllByRole('row') as HTMLElement[];
    expect(first).toHaveTextContent(ka.schedule.paid);
    expect(first).toHaveTextContent(/20 ნოემბერი,? 2026/);
    expect(first).toHaveTextContent(money('272.09'));
    expect(second).toHaveTextContent(ka.schedule.unpaid);
    expect(second).not.toHaveTextContent(ka.schedule.paid);
    expect(third).toHaveTextContent(ka.schedule.unpaid);
  });

  it('lists the loans most recently issued first whatever order and offset the provider sends', async () => {
    // 09:00 UTC is after 12:00 in Tbilisi (08:00 UTC) the same day.
    const issuedLater = { ...overdueLoan, issued_at: '2026-10-20T09:00:00Z' };
    fakeLoanProvider({ loans: [fullyPaidLoan, payingLoan, issuedLater], overdue: overdueAnswer });
    logIn();
    renderInRouter(<LoansOverview />);

    const cards = await findLoanItems();
    const headings = cards.map((card) => within(card).getByRole('heading').textContent);
    expect(headings.map((heading) => heading?.replace(/\s+/g, ' '))).toEqual([
      `${t.loan.heading} ${money(issuedLater.amount)}`,
      `${t.loan.heading} ${money(payingLoan.amount)}`,
      `${t.loan.heading} ${money(fullyPaidLoan.amount)}`,
    ]);
  });

  it('says a loan paid off before its last due date closed early, whatever order its rows come in', async () => {
    const paidOffEarly = {
      ...fullyPaidLoan,
      closed_at: '2026-05-15T12:00:00+04:00',
      schedule: [...fullyPaidLoan.schedule].reverse(),
    };
    fakeLoanProvider({ loans: [paidOffEarly], overdue: null });
    logIn();
    renderInRouter(<LoansOverview />);

    const [card] = (await findLoanItems()) as [HTMLElement];
    expect(card).toHaveTextContent(format(t.payoff.closedEarly, { date: '15 მაისი, 2026' }));
    expect(card).not.toHaveTextContent(t.loan.repaid);
  });

  it('does not call a loan closed early when it closed on its last due day in Tbilisi, sent in UTC', async () => {
    // 21:30 UTC on 31 May is 01:30 on 1 June in Tbilisi, the last row's date.
    const closedOnLastDay = { ...fullyPaidLoan, closed_at: '2026-05-31T21:30:00Z' };
    fakeLoanProvider({ loans: [closedOnLastDay], overdue: null });
    logIn();
    renderInRouter(<LoansOverview />);

    const [card] = (await findLoanItems()) as [HTMLElement];
    expect(card).toHaveTextContent(t.loan.repaid);
    expect(card).not.toHaveTextContent(format(t.payoff.closedEarly, { date: '' }).trim());
  });

  it('shows a repaid loan as repaid, with nothing to pay', async () => {
    provider();
    logIn();
    renderInRouter(<LoansOverview />);
    const { repaid, active } = await findCards();

    expect(within(repaid).getByText(kaLoans.status.repaid)).toBeInTheDocument();
    expect(repaid).toHaveTextContent(t.loan.repaid);
    expect(within(repaid).queryByRole('button', { name: t.loan.pay })).toBeNull();
    expect(within(active).getByRole('button', { name: t.loan.pay })).toBeInTheDocument();
  });

  it('shows the overdue loan’s penalty and total due beside its figures', async () => {
    provider();
    logIn();
    renderInRouter(<LoansOverview />);
    const { overdue } = await findCards();

    expect(within(overdue).getByText(kaLoans.status.overdue)).toBeInTheDocument();
    const penalty = await within(overdue).findByText(t.loan.penalty);
    expect(penalty.nextElementSibling).toHaveTextContent(money('3.38'));
    expect(within(overdue).getByText(t.loan.totalDue).nextElementSibling).toHaveTextContent(
      money('284.82'),
    );
  });

  it('pays a loan off: loans and the overdue answer are asked again, and the loan reads as repaid', async () => {
    const user = userEvent.setup();
    const state = provider();
    logIn();
    renderInRouter(<LoansOverview />);
    const { active } = await findCards();
    await waitFor(() => expect(state.overdueRequests).toBe(1));
    expect(state.loanRequests).toBe(1);

    await user.click(within(active).getByRole('button', { name: t.loan.pay }));
    await user.click(
      await within(active).findByRole('radio', { name: startingWith(t.repay.full) }),
    );
    await user.click(within(active).getByRole('button', { name: t.repay.continue }));
    await user.click(await within(active).findByRole('button', { name: t.repay.confirm }));

    const done = await within(active).findByRole('status');
    expect(done).toHaveTextContent(t.repay.success);
    expect(done).toHaveTextContent(money('544.19'));
    expect(done).toHaveTextContent(t.repay.successRepaid);
    expect(state.repayments).toEqual([{ id: payingLoan.id, amount: '544.19' }]);

    expect(within(active).getByText(kaLoans.status.repaid)).toBeInTheDocument();
    expect(within(active).queryByText(kaLoans.status.active)).toBeNull();
    expect(within(active).queryByRole('button', { name: t.loan.pay })).toBeNull();
    expect(within(active).getByText(kaLoans.outstanding).nextElementSibling).toHaveTextContent(
      money('0.00'),
    );
    await waitFor(() => expect(state.loanRequests).toBe(2));
    await waitFor(() => expect(state.overdueRequests).toBe(2));
  });

  it('takes an amount below the overdue loan’s penalty (v1.1): it goes to the penalty first', async () => {
    const user = userEvent.setup();
    const state = provider();
    logIn();
    renderInRouter(<LoansOverview />);
    const { overdue } = await findCards();
    await within(overdue).findByText(t.loan.penalty);

    await user.click(within(overdue).getByRole('button', { name: t.loan.pay }));
    expect(
      await within(overdue).findByRole('radio', { name: startingWith(t.repay.totalDue) }),
    ).toHaveAccessibleName(new RegExp(formatMoney('284.82')));
    await user.click(within(overdue).getByRole('radio', { name: t.repay.other }));
    await user.type(within(overdue).getByRole('textbox', { name: t.repay.otherLabel }), '1');
    await user.click(within(overdue).getByRole('button', { name: t.repay.continue }));

    const penaltyFirst = await within(overdue).findByText(t.repay.penaltyFirst);
    expect(penaltyFirst.nextElementSibling).toHaveTextContent(money('1.00'));
    await user.click(within(overdue).getByRole('button', { name: t.repay.confirm }));
    await waitFor(() => expect(state.repayments).toEqual([{ id: overdueLoan.id, amount: '1.00' }]));
  });

  it('keeps the loans on screen when a reload fails, and says so with a retry', async () => {
    const user = userEvent.setup();
    const state = provider();
    logIn();
    renderInRouter(<LoansOverview />);
    await findCards();

    mswServer.use(
      http.get('*/api/loan/loan/', () => new HttpResponse(null, { status: 500 }), { once: true }),
    );
    await act(() => invalidateAccount());

    expect(await screen.findByRole('alert')).toHaveTextContent(t.loan.reloadFailed);
    expect(await findLoanItems()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: ka.common.retry }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await findLoanItems()).toHaveLength(3);
    expect(state.loanRequests).toBe(2);
  });

  it('when the overdue answer fails, only the overdue loan’s payment says so, with a retry', async () => {
    const user = userEvent.setup();
    provider();
    mswServer.use(
      http.get(
        '*/api/loan/overdue_loan_application/',
        () => new HttpResponse(null, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    logIn();
    renderInRouter(<LoansOverview />);
    const { overdue, active } = await findCards();

    await user.click(within(overdue).getByRole('button', { name: t.loan.pay }));
    expect(await within(overdue).findByRole('alert')).toHaveTextContent(t.overdue.error);
    expect(within(overdue).queryByRole('radio')).toBeNull();
    // The rest of the list is untouched, and the active loan can still be paid.
    expect(within(active).queryByRole('alert')).toBeNull();
    expect(within(active).getByRole('button', { name: t.loan.pay })).toBeEnabled();

    await user.click(within(overdue).getByRole('button', { name: ka.common.retry }));
    expect(
      await within(overdue).findByRole('radio', { name: startingWith(t.repay.totalDue) }),
    ).toBeInTheDocument();
    expect(within(overdue).queryByRole('alert')).toBeNull();
  });

  it('a payment the provider refuses is said in the card, and the list stays as it was', async () => {
    const user = userEvent.setup();
    provider();
    mswServer.use(
      http.post('*/api/loan/loan/:id/repay/', () => new HttpResponse(null, { status: 500 })),
    );
    logIn();
    renderInRouter(<LoansOverview />);
    const { active, overdue } = await findCards();

    await user.click(within(active).getByRole('button', { name: t.loan.pay }));
    await user.click(await within(active).findByRole('button', { name: t.repay.continue }));
    await user.click(await within(active).findByRole('button', { name: t.repay.confirm }));

    expect(await within(active).findByRole('alert')).toHaveTextContent(
      ka.errors.providerUnavailable,
    );
    expect(within(active).getByRole('button', { name: t.repay.continue })).toBeInTheDocument();
    expect(within(active).getByText(kaLoans.status.active)).toBeInTheDocument();
    expect(within(overdue).queryByRole('alert')).toBeNull();
  });
});
