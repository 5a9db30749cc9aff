import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { formatMoney } from 'shared/lib/money';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { loanLimit, loans } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import LoansOverview from './loans-overview';

const [activeLoan, repaidLoan] = loans as [(typeof loans)[0], (typeof loans)[0]];

/** Money as the customer reads it; queries normalise the formatter's no-break space. */
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

function logIn() {
  useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
}

/** Records the Authorization header of every GET /api/loan/loan/ and answers the fixtures. */
function watchLoanRequests(): (string | null)[] {
  const seen: (string | null)[] = [];
  mswServer.use(
    http.get('*/api/loan/loan/', ({ request }) => {
      seen.push(request.headers.get('Authorization'));
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
    render(<LoansOverview />);

    expect(screen.getByRole('heading', { name: ka.loans.title })).toBeInTheDocument();
    expect(screen.getByText(ka.loans.loginToSee)).toBeInTheDocument();
    expect(useUiStore.getState().accountPanel).toBeNull();

    await user.click(screen.getByRole('button', { name: ka.account.login }));

    expect(useUiStore.getState().accountPanel).toBe('login');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows a logged-in customer's loans with amount, status, term and next payment", async () => {
    logIn();
    render(<LoansOverview />);

    const [active, repaid] = (await findLoanItems()) as [HTMLElement, HTMLElement];
    expect(screen.queryByText(ka.loans.loginToSee)).not.toBeInTheDocument();

    expect(within(active).getByText(money(activeLoan.amount))).toBeInTheDocument();
    expect(within(active).getByText(ka.loans.status.active)).toBeInTheDocument();
    expect(within(active).getByText(ka.loans.outstanding).nextElementSibling).toHaveTextContent(
      money(activeLoan.outstanding),
    );
    expect(within(active).getByText(`${activeLoan.term} ${ka.loans.months}`)).toBeInTheDocument();
    const nextPayment = within(active).getByText(ka.loans.nextPayment).nextElementSibling;
    expect(nextPayment).toHaveTextContent(money('281.44'));
    expect(nextPayment).toHaveTextContent(/10 დეკემბერი,? 2026/);

    // Money reads as Georgian lari, not as the provider's raw decimal string.
    expect(active).toHaveTextContent('₾');
    expect(active).not.toHaveTextContent(activeLoan.amount);

    expect(within(repaid).getByText(money(repaidLoan.amount))).toBeInTheDocument();
    expect(within(repaid).getByText(ka.loans.status.repaid)).toBeInTheDocument();
    expect(within(repaid).queryByText(ka.loans.nextPayment)).not.toBeInTheDocument();
  });

  it('sends the access token as JWT when it asks for the loans', async () => {
    const requests = watchLoanRequests();
    logIn();
    render(<LoansOverview />);

    await findLoanItems();
    expect(requests).toEqual(['JWT a']);
  });

  it('shows the loans once the visitor logs in', async () => {
    render(<LoansOverview />);
    expect(screen.getByText(ka.loans.loginToSee)).toBeInTheDocument();

    act(() => logIn());

    expect(await findLoanItems()).toHaveLength(2);
    expect(screen.queryByText(ka.loans.loginToSee)).not.toBeInTheDocument();
  });

  it('says there are no loans when the list is empty', async () => {
    mswServer.use(http.get('*/api/loan/loan/', () => HttpResponse.json([])));
    logIn();
    render(<LoansOverview />);

    expect(await screen.findByText(ka.loans.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the loans again', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/loan/loan/', () => new HttpResponse(null, { status: 500 }), { once: true }),
    );
    logIn();
    render(<LoansOverview />);

    expect(await screen.findByRole('alert')).toHaveTextContent(ka.loans.error);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await findLoanItems()).toHaveLength(2);
    expect(screen.queryByText(ka.loans.error)).not.toBeInTheDocument();
  });

  it('shows the loan limit and the terms it allows', async () => {
    logIn();
    render(<LoansOverview />);
    await findLoanItems();
    const amount = await screen.findByText(ka.loans.amountLimit);
    expect(amount.nextElementSibling).toHaveTextContent(money(loanLimit.amount_limit));
    expect(screen.getByText(ka.loans.termLimit).nextElementSibling).toHaveTextContent(
      `3, 6, 12 ${ka.loans.months}`,
    );
  });

  it('says the term is fixed when the limit allows one term', async () => {
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ amount_limit: '500.00', term_limit: [6] }),
      ),
    );
    logIn();
    render(<LoansOverview />);
    const fixed = await screen.findByText(ka.loans.termFixed);
    expect(fixed.nextElementSibling).toHaveTextContent(`6 ${ka.loans.months}`);
  });

  it('still shows the loans when the limit cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () => new HttpResponse(null, { status: 500 })),
    );
    logIn();
    render(<LoansOverview />);
    expect(await findLoanItems()).toHaveLength(2);
    expect(screen.queryByText(ka.loans.amountLimit)).not.toBeInTheDocument();
  });
});
