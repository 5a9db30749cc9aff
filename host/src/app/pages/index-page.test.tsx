import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { customer, loans } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { buildRoutes } from '../router';
import { holdLimit } from './slot-list';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(loadRemote).mockImplementation(
    async (id: string) => ({ default: () => <p data-slot={id}>{`remote ${id}`}</p> }) as never,
  );
});

function renderHome() {
  const router = createMemoryRouter(buildRoutes({ remotes: [], routeMiddleware: {} }), {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
}

/** Waits until these slots have loaded, then says which slots the page's main part shows, in order. */
async function slotsShown(...ids: string[]): Promise<string[]> {
  for (const id of ids) await screen.findByText(`remote ${id}`);
  return [...document.querySelectorAll('main [data-slot]')].map(
    (slot) => slot.getAttribute('data-slot') ?? '',
  );
}

function customerWith(overrides: Partial<typeof customer>) {
  mswServer.use(
    http.get('*/api/user/details/', () => HttpResponse.json({ ...customer, ...overrides })),
  );
  startSession();
}

/** A customer who is not fully verified, with nothing overdue and no open application. */
const UNVERIFIED_CUSTOMER_HOME = [
  'remote_loans/OverdueNotice',
  'remote_loans/NextPayment',
  'remote_home/LoanCalculator',
  'remote_loans/LoansOverview',
  'remote_account/VerificationSteps',
  'remote_home/QuestionAnswers',
];

describe('the home page', () => {
  it('leads a visitor with the calculator, then the promotions and the questions', async () => {
    renderHome();
    expect(
      await slotsShown(
        'remote_home/LoanCalculator',
        'remote_home/HomeSlider',
        'remote_home/QuestionAnswers',
      ),
    ).toEqual([
      'remote_home/LoanCalculator',
      'remote_home/HomeSlider',
      'remote_home/QuestionAnswers',
    ]);
  });

  it('puts a customer’s money first: overdue, the next payment, the calculator, the loans, verification, questions', async () => {
    customerWith({ full_verification: false });
    renderHome();
    expect(await slotsShown(...UNVERIFIED_CUSTOMER_HOME)).toEqual(UNVERIFIED_CUSTOMER_HOME);
    expect(
      screen.getByText('remote remote_account/VerificationSteps').closest('#verification'),
    ).not.toBeNull();
  });

  it('leaves the verification steps out once the customer is fully verified', async () => {
    customerWith({ full_verification: true });
    renderHome();
    const shown = await slotsShown(
      'remote_loans/OverdueNotice',
      'remote_home/LoanCalculator',
      'remote_loans/LoansOverview',
      'remote_home/QuestionAnswers',
    );
    expect(shown).not.toContain('remote_account/VerificationSteps');
  });

  it('keeps the verification slot for a customer who completes it here, until the next load', async () => {
    customerWith({ full_verification: false });
    renderHome();
    await slotsShown(...UNVERIFIED_CUSTOMER_HOME);

    mswServer.use(
      http.get('*/api/user/details/', () =>
        HttpResponse.json({ ...customer, full_verification: true }),
      ),
    );
    await act(() => queryClient.refetchQueries({ queryKey: accountKeys.user }));

    expect(screen.getByText('remote remote_account/VerificationSteps')).toBeInTheDocument();
  });

  it('shows the application in the loan area while one is open, and once the customer applies', async () => {
    customerWith({ last_loan_application_status: 'pending' });
    renderHome();
    const shown = await slotsShown(
      'remote_loans/OverdueNotice',
      'remote_loans/LoanApplication',
      'remote_loans/LoansOverview',
      'remote_account/VerificationSteps',
      'remote_home/QuestionAnswers',
    );
    expect(shown).not.toContain('remote_home/LoanCalculator');
  });

  it('switches the loan area to the application when a slice asks for it', async () => {
    customerWith({ last_loan_application_status: null });
    renderHome();
    await slotsShown(...UNVERIFIED_CUSTOMER_HOME);

    act(() => useUiStore.getState().setActiveLoanComponent('application'));

    expect(await slotsShown('remote_loans/LoanApplication')).not.toContain(
      'remote_home/LoanCalculator',
    );
  });

  describe('a customer’s notices', () => {
    const usual = holdLimit.atMostMs;
    afterEach(() => {
      holdLimit.atMostMs = usual;
    });

    it('hold everything below them until the customer’s loans are known: a notice never pushes the page down', async () => {
      // Longer than any stall of a loaded machine: only the loans' answer ends it here.
      holdLimit.atMostMs = 10 * 60_000;
      const loansAnswer = createGate();
      mswServer.use(
        http.get('*/api/loan/loan/', async () => {
          await loansAnswer.passed();
          return HttpResponse.json(loans);
        }),
      );
      customerWith({ full_verification: false });
      renderHome();
      // Every slot's code is there; the notices wait for the loans, and so does all below them.
      await slotsShown(...UNVERIFIED_CUSTOMER_HOME);
      const calculator = screen.getByText('remote remote_home/LoanCalculator');
      expect(calculator).not.toBeVisible();
      expect(screen.getByText('remote remote_loans/LoansOverview')).not.toBeVisible();
      expect(screen.getByText('remote remote_loans/OverdueNotice')).toBeVisible();
      // A wait that lasts says that the page is loading, over the held part.
      expect(await screen.findByRole('status')).toHaveTextContent(ka.common.loading);

      loansAnswer.open();

      await waitFor(() => expect(calculator).toBeVisible());
      expect(screen.getByText('remote remote_home/QuestionAnswers')).toBeVisible();
      expect(screen.queryByText(ka.common.loading)).toBeNull();
    });

    it('hold it only so long, even if the loans never come', async () => {
      holdLimit.atMostMs = 100;
      mswServer.use(http.get('*/api/loan/loan/', () => new Promise<never>(() => {})));
      customerWith({ full_verification: false });
      renderHome();
      await slotsShown(...UNVERIFIED_CUSTOMER_HOME);

      await waitFor(() =>
        expect(screen.getByText('remote remote_home/LoanCalculator')).toBeVisible(),
      );
    });
  });
});
