import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatMoney } from 'shared/lib/money';
import { useLoanRequestStore } from 'shared/stores/loan-request-store';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { calculationFor, calculatorBounds, loanLimit, loanTerms } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaLoans } from '../../../ka-loans';
import { APPLICATION_POLL_MS, type Application } from '../api/applications';
import { kaApplication as t } from '../ka-application';
import { useFollowedApplication } from '../lib/followed-application';
import LoanApplication from './loan-application';

const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');
const REQUEST = { amount: '1000.00', term: 6 };

function pending(overrides: Partial<Application> = {}): Application {
  return {
    id: 31,
    amount: REQUEST.amount,
    term: REQUEST.term,
    status: 'pending',
    monthly_payment: '186.67',
    created_at: '2026-11-22T10:00:00+04:00',
    decided_at: null,
    rejection_reason: null,
    ...overrides,
  };
}

function customerWithRequest() {
  act(() => {
    startSession();
    useLoanRequestStore.getState().submitRequest(REQUEST);
    useUiStore.getState().setActiveLoanComponent('application');
  });
}

/** The provider's check answers a business rule. */
function refuse(code: string, detail = 'განაცხადი ვერ მიიღება.') {
  mswServer.use(
    http.post('*/api/loan/loan_application/create_loan_validation/', () =>
      HttpResponse.json({ detail, code }, { status: 400 }),
    ),
  );
}

function acceptValidation(seen: unknown[] = []) {
  mswServer.use(
    http.post('*/api/loan/loan_application/create_loan_validation/', async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ valid: true });
    }),
  );
  return seen;
}

/** The customer's handed-over choice, refused by the provider's check with `code`: the alert. */
async function showRefused(code: string) {
  refuse(code);
  customerWithRequest();
  render(<LoanApplication />);
  return screen.findByRole('alert');
}

/** The terms a refusal offers to choose instead, as their buttons read, in order. */
async function termsOffered(alert: HTMLElement) {
  const terms = await within(alert).findAllByRole('button');
  return terms.map((button) => button.textContent);
}

/** The application list as the provider keeps it: what the test puts there. */
function applicationList(initial: Application[] = []) {
  const list = { items: initial };
  mswServer.use(http.get('*/api/loan/loan_application/', () => HttpResponse.json(list.items)));
  return list;
}

afterEach(() => {
  vi.useRealTimers();
  act(() => useFollowedApplication.getState().forget());
});

describe('the loan application', () => {
  it('asks for a choice in the calculator when none was handed over', async () => {
    const user = userEvent.setup();
    startSession();
    render(<LoanApplication />);

    expect(await screen.findByText(t.noRequest)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.backToCalculator }));
    expect(useUiStore.getState().activeLoanComponent).toBe('slider');
  });

  it('validates the choice first, then shows the key terms with both rates and the due dates', async () => {
    const seen = acceptValidation();
    customerWithRequest();
    render(<LoanApplication />);

    const sheet = await screen.findByRole('region', { name: t.keyTerms.title });
    expect(seen).toEqual([{ amount: '1000.00', term: 6 }]);
    const offer = calculationFor(1000, 6, calculatorBounds(loanLimit));
    const fact = (label: string) => within(sheet).getByText(label).nextElementSibling;
    expect(fact(t.keyTerms.amount)).toHaveTextContent(money('1000.00'));
    expect(fact(t.keyTerms.term)).toHaveTextContent('6 თვე');
    expect(fact(t.keyTerms.monthlyPayment)).toHaveTextContent(money(offer.monthly_payment));
    expect(fact(t.keyTerms.totalPayment)).toHaveTextContent(money(offer.total_payment));
    expect(fact(t.keyTerms.totalInterest)).toHaveTextContent(money(offer.total_interest));
    expect(fact(t.keyTerms.serviceFee)).toHaveTextContent(money(offer.service_fee));
    expect(fact(t.keyTerms.interestRate)).toHaveTextContent('24,00%');
    expect(fact(t.keyTerms.effectiveRate)).toHaveTextContent('29,84%');
    expect(fact(t.keyTerms.firstDue)).toHaveTextContent('10 იანვარი, 2027');
    expect(fact(t.keyTerms.lastDue)).toHaveTextContent('10 ივნისი, 2027');
    expect(within(sheet).getAllByRole('row')).toHaveLength(7);
  });

  it('takes the first and last due dates from the rows’ numbers, whatever order the schedule comes in', async () => {
    acceptValidation();
    const offer = calculationFor(1000, 6, calculatorBounds(loanLimit));
    mswServer.use(
      http.get('*/api/loan/calculator', () =>
        HttpResponse.json({ ...offer, schedule: [...offer.schedule].reverse() }),
      ),
    );
    customerWithRequest();
    render(<LoanApplication />);

    const sheet = await screen.findByRole('region', { name: t.keyTerms.title });
    const fact = (label: string) => within(sheet).getByText(label).nextElementSibling;
    expect(fact(t.keyTerms.firstDue)).toHaveTextContent('10 იანვარი, 2027');
    expect(fact(t.keyTerms.lastDue)).toHaveTextContent('10 ივნისი, 2027');
  });

  it('sends the verification-less customer to the verification steps', async () => {
    const alert = await showRefused('not_verified');
    expect(alert).toHaveTextContent(t.blocked.not_verified.title);
    expect(
      within(alert).getByRole('link', { name: t.blocked.not_verified.action }),
    ).toHaveAttribute('href', '#verification');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers to lower an amount over the limit to the limit, and checks again', async () => {
    const user = userEvent.setup();
    const alert = await showRefused('limit_exceeded');
    const lower = await within(alert).findByRole('button', { name: /^თანხის შემცირება/ });
    expect(lower).toHaveTextContent(`თანხის შემცირება ${money(loanLimit.amount_limit)}-მდე`);
    expect(alert).toHaveTextContent(`თქვენი ლიმიტია ${money(loanLimit.amount_limit)}`);
    const seen = acceptValidation();
    await user.click(lower);

    expect(await screen.findByRole('region', { name: t.keyTerms.title })).toBeInTheDocument();
    expect(seen).toEqual([{ amount: loanLimit.amount_limit, term: 6 }]);
    expect(useLoanRequestStore.getState().request).toEqual({ amount: '3000.00', term: 6 });
  });

  it('offers the allowed terms when the term is not allowed', async () => {
    const user = userEvent.setup();
    const alert = await showRefused('term_not_allowed');
    expect(await termsOffered(alert)).toEqual(['3 თვე', '6 თვე', '12 თვე']);
    acceptValidation();
    await user.click(within(alert).getByRole('button', { name: '12 თვე' }));
    expect(useLoanRequestStore.getState().request).toEqual({ amount: '1000.00', term: 12 });
  });

  it('offers the allowed terms shortest first whatever order the limit lists them in', async () => {
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ ...loanLimit, term_limit: [12, 3, 6] }),
      ),
    );
    const alert = await showRefused('term_not_allowed');
    expect(await termsOffered(alert)).toEqual(['3 თვე', '6 თვე', '12 თვე']);
  });

  it('points to the overdue notice when an overdue loan blocks a new one', async () => {
    const alert = await showRefused('has_overdue_loan');
    expect(alert).toHaveTextContent(t.blocked.has_overdue_loan.title);
    expect(
      within(alert).getByRole('link', { name: t.blocked.has_overdue_loan.action }),
    ).toHaveAttribute('href', '#overdue');
  });

  it('shows the open application when the provider says one is pending', async () => {
    const user = userEvent.setup();
    const list = applicationList([]);
    const alert = await showRefused('has_pending_application');
    expect(alert).toHaveTextContent(t.blocked.has_pending_application.title);
    list.items = [pending({ id: 40 })];
    await user.click(
      within(alert).getByRole('button', { name: t.blocked.has_pending_application.action }),
    );

    expect(await screen.findByText(t.status.pending)).toBeInTheDocument();
  });

  it('will not send the application until the contract terms are accepted', async () => {
    const user = userEvent.setup();
    acceptValidation();
    const posts: unknown[] = [];
    mswServer.use(
      http.post('*/api/loan/loan_application/', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(pending(), { status: 201 });
      }),
    );
    customerWithRequest();
    render(<LoanApplication />);

    const accept = await screen.findByRole('checkbox', { name: t.contract.accept });
    expect(accept).not.toBeChecked();
    expect(screen.getByRole('region', { name: t.contract.title })).toHaveTextContent(
      'სესხი გაიცემა ლარში.',
    );
    await user.click(screen.getByRole('button', { name: t.contract.submit }));

    expect(await screen.findByText(t.contract.mustAccept)).toBeInTheDocument();
    expect(accept).toHaveFocus();
    expect(posts).toEqual([]);
  });

  it('sends amount, term and the accepted terms’ id, then brings the pending application into view', async () => {
    const user = userEvent.setup();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    acceptValidation();
    const list = applicationList([]);
    const posts: unknown[] = [];
    mswServer.use(
      http.post('*/api/loan/loan_application/', async ({ request }) => {
        posts.push(await request.json());
        list.items = [pending()];
        return HttpResponse.json(pending(), { status: 201 });
      }),
    );
    customerWithRequest();
    render(<LoanApplication />);

    await user.click(await screen.findByRole('checkbox', { name: t.contract.accept }));
    await user.click(screen.getByRole('button', { name: t.contract.submit }));

    expect(await screen.findByText(t.status.pending)).toBeInTheDocument();
    expect(posts).toEqual([{ amount: '1000.00', term: 6, terms_of_contract: loanTerms.id }]);
    expect(screen.getByText(kaLoans.applicationStatus.pending)).toBeInTheDocument();
    // The status replaced a taller form: it is scrolled to and takes focus, so a phone shows it.
    const heading = screen.getByRole('heading', { name: t.status.title });
    expect(heading).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(heading);
    scrolled.mockRestore();
  });

  it('loads terms republished meanwhile, clears the box and asks for a fresh acceptance', async () => {
    const user = userEvent.setup();
    acceptValidation();
    const republished = { ...loanTerms, id: 9, version: '4.0', content: '<p>ახალი პირობები.</p>' };
    const newTerms = createGate();
    mswServer.use(
      http.post('*/api/loan/loan_application/', () =>
        HttpResponse.json(
          { terms_of_contract: ['პირობების ეს ვერსია აღარ მოქმედებს.'] },
          { status: 400 },
        ),
      ),
    );
    customerWithRequest();
    render(<LoanApplication />);
    await user.click(await screen.findByRole('checkbox', { name: t.contract.accept }));
    mswServer.use(
      http.get('*/api/cms/terms_of_contract/', async () => {
        await newTerms.passed();
        return HttpResponse.json([republished]);
      }),
    );

    await user.click(screen.getByRole('button', { name: t.contract.submit }));

    expect(await screen.findByText(t.contract.republished)).toBeInTheDocument();
    newTerms.open();
    expect(await screen.findByText('ახალი პირობები.')).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: t.contract.accept });
    expect(box).not.toBeChecked();
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('leaves focus and scrolling alone for an application already open when the page loads', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    applicationList([pending()]);
    startSession();
    render(<LoanApplication />);

    expect(await screen.findByText(t.status.pending)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.status.title })).not.toHaveFocus();
    expect(scrolled).not.toHaveBeenCalled();
    scrolled.mockRestore();
  });

  it('follows a pending application to its issue without a reload, with the first payment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const list = applicationList([pending()]);
    startSession();
    mswServer.use(
      http.get('*/api/loan/loan/', () =>
        HttpResponse.json([
          {
            id: 50,
            application: 31,
            amount: '1000.00',
            term: 6,
            status: 'active',
            issued_at: '2026-11-22T10:05:00+04:00',
            withdrawal_until: '2026-12-06',
            closed_at: null,
            monthly_payment: '186.67',
            outstanding: '1120.00',
            next_payment_date: '2026-12-22',
            next_payment_amount: '186.67',
            schedule: [],
          },
        ]),
      ),
    );
    render(<LoanApplication />);
    expect(await screen.findByText(t.status.pending)).toBeInTheDocument();

    list.items = [pending({ status: 'issued', decided_at: '2026-11-22T10:02:00+04:00' })];
    await act(() => vi.advanceTimersByTimeAsync(APPLICATION_POLL_MS));

    expect(await screen.findByText(t.status.issued)).toBeInTheDocument();
    expect(await screen.findByText(/პირველი გადახდა/)).toHaveTextContent(money('186.67'));
    expect(screen.getByText(/პირველი გადახდა/)).toHaveTextContent('22 დეკემბერი, 2026');
  });

  it('asks again when the tab becomes visible', async () => {
    const list = applicationList([pending()]);
    startSession();
    render(<LoanApplication />);
    expect(await screen.findByText(t.status.pending)).toBeInTheDocument();

    list.items = [pending({ status: 'approved' })];
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });

    expect(await screen.findByText(t.status.approved)).toBeInTheDocument();
  });

  it('shows the rejection reason and what the customer can do next, then goes back to the calculator', async () => {
    const user = userEvent.setup();
    const reason = 'შემოსავლის მონაცემები არასაკმარისია.';
    applicationList([pending({ status: 'rejected', rejection_reason: reason })]);
    customerWithRequest();
    act(() => useFollowedApplication.getState().follow(31));
    render(<LoanApplication />);

    expect(await screen.findByText(t.status.rejected)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(reason))).toBeInTheDocument();
    expect(screen.getByText(t.status.rejectedNext)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.status.done }));
    expect(useUiStore.getState().activeLoanComponent).toBe('slider');
    expect(useLoanRequestStore.getState().request).toBeNull();
  });

  it('cancels a pending application after a confirmation', async () => {
    const user = userEvent.setup();
    const list = applicationList([pending()]);
    const cancels: string[] = [];
    mswServer.use(
      http.post('*/api/loan/loan_application/:id/cancel/', ({ params }) => {
        cancels.push(String(params.id));
        list.items = [pending({ status: 'canceled' })];
        return HttpResponse.json(pending({ status: 'canceled' }));
      }),
    );
    act(() => {
      startSession();
      useFollowedApplication.getState().follow(31);
    });
    render(<LoanApplication />);

    await user.click(await screen.findByRole('button', { name: t.status.cancel }));
    expect(screen.getByText(t.status.cancelConfirm)).toBeInTheDocument();
    expect(cancels).toEqual([]);
    await user.click(screen.getByRole('button', { name: t.status.cancelYes }));

    expect(await screen.findByText(t.status.canceled)).toBeInTheDocument();
    expect(cancels).toEqual(['31']);
  });

  it('says in Georgian when the applications cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/loan/loan_application/', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    customerWithRequest();
    acceptValidation();
    render(<LoanApplication />);

    expect(await screen.findByRole('alert')).toHaveTextContent(t.status.error);
    await user.click(screen.getByRole('button', { name: ka.common.retry }));
    expect(await screen.findByRole('region', { name: t.keyTerms.title })).toBeInTheDocument();
  });
});
