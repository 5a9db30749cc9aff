import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { calculationQuery } from 'shared/api/loan/calculator';
import { queryClient } from 'shared/query/query-client';
import { useLoanRequestStore } from 'shared/stores/loan-request-store';
import { useUiStore } from 'shared/stores/ui-store';
import { format, ka } from 'shared/strings/ka';
import { calculationFor, calculatorBounds, loanLimit } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaCalculator as t } from '../ka-calculator';
import { money, visitorOffer } from '../testing/offer-figures';
import LoanCalculator, { CALCULATOR_DEBOUNCE_MS } from './loan-calculator';

/** The calculator on a page at this address, as the host's router gives it. */
function renderCalculator(address = '/') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <LoanCalculator />
    </MemoryRouter>,
  );
}

/** Every calculator request's amount and term, in order. */
function watchCalculatorCalls(): { amount: string | null; term: string | null }[] {
  const calls: { amount: string | null; term: string | null }[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/loan/calculator') return;
    calls.push({ amount: url.searchParams.get('amount'), term: url.searchParams.get('term') });
  });
  return calls;
}

const amountField = () => screen.getByRole('textbox', { name: t.amountField });
const amountSlider = () => screen.getByRole('slider', { name: t.amountSlider });
const monthly = () => screen.getByText(t.monthlyPayment).nextElementSibling;

async function findMonthlyPayment(amount: string) {
  return screen.findByText(money(amount), { selector: 'output' });
}

function logIn() {
  startSession();
}

/** A customer logged in whose loan limit the provider answers as `limit`. */
function logInWithLimit(limit: { amount_limit: string; term_limit: number[] }) {
  mswServer.use(http.get('*/api/user/user/loan_limit/', () => HttpResponse.json(limit)));
  logIn();
}

/** Replaces the amount with `amount`, keystroke by keystroke. */
async function typeAmount(user: UserEvent, amount: string) {
  await user.clear(amountField());
  await user.type(amountField(), amount);
}

/** The calculator shown to a visitor, once the offer for its starting choice has come. */
async function showStartingOffer() {
  renderCalculator();
  await findMonthlyPayment(visitorOffer(1000, 12).monthly_payment);
}

/** The terms the choice offers, in the order shown (their radios' values). */
function termsOffered() {
  const terms = within(screen.getByRole('group', { name: t.term })).getAllByRole('radio');
  return terms.map((radio) => radio.getAttribute('value'));
}

afterEach(() => {
  mswServer.events.removeAllListeners();
  vi.useRealTimers();
});

describe('the loan calculator', () => {
  it('shows a visitor the offer for the starting amount and term, the effective rate included', async () => {
    const calls = watchCalculatorCalls();
    renderCalculator();

    const offer = visitorOffer(1000, 12);
    expect(await findMonthlyPayment(offer.monthly_payment)).toBeInTheDocument();
    expect(calls).toEqual([{ amount: '1000.00', term: '12' }]);

    const figure = (label: string) => screen.getByText(label).nextElementSibling;
    expect(figure(t.totalPayment)).toHaveTextContent(money(offer.total_payment));
    expect(figure(t.totalInterest)).toHaveTextContent(money(offer.total_interest));
    expect(figure(t.serviceFee)).toHaveTextContent(money(offer.service_fee));
    expect(figure(t.interestRate)).toHaveTextContent('24,00%');
    expect(figure(t.effectiveRate)).toHaveTextContent('29,84%');
    expect(amountField()).toHaveValue('1000');
    expect(screen.getByRole('radio', { name: '12 თვე' })).toBeChecked();
  });

  it('takes the bounds from the answer: slider range and the terms offered', async () => {
    await showStartingOffer();

    expect(amountSlider()).toHaveAttribute('min', '100');
    expect(amountSlider()).toHaveAttribute('max', '10000');
    expect(termsOffered()).toEqual(['3', '6', '9', '12', '18', '24']);
  });

  it('offers the terms shortest first whatever order the provider lists them in', async () => {
    mswServer.use(
      http.get('*/api/loan/calculator', () =>
        HttpResponse.json({
          ...visitorOffer(1000, 12),
          terms: [24, 12, 3, 18, 6, 9],
        }),
      ),
    );
    await showStartingOffer();

    expect(termsOffered()).toEqual(['3', '6', '9', '12', '18', '24']);
  });

  it('starts a customer whose limit lacks the usual term on the longest term the limit allows', async () => {
    logInWithLimit({ amount_limit: '3000.00', term_limit: [6, 3] });
    const calls = watchCalculatorCalls();
    renderCalculator();

    expect(await screen.findByRole('radio', { name: '6 თვე' })).toBeChecked();
    expect(calls[0]).toEqual({ amount: '1000.00', term: '6' });
  });

  it('starts a customer inside their loan limit and takes the narrowed bounds', async () => {
    logInWithLimit({ amount_limit: '500.00', term_limit: [3] });
    const calls = watchCalculatorCalls();
    renderCalculator();

    const bounds = calculatorBounds({ amount_limit: '500.00', term_limit: [3] });
    mswServer.use(
      http.get('*/api/loan/calculator', ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json(calculationFor(Number(url.searchParams.get('amount')), 3, bounds));
      }),
    );
    expect(await findMonthlyPayment(calculationFor(500, 3, bounds).monthly_payment)).toBeVisible();
    expect(calls).toEqual([{ amount: '500.00', term: '3' }]);
    expect(amountSlider()).toHaveAttribute('max', '500');
  });

  it('states a fixed duration as text when only one term is allowed', async () => {
    mswServer.use(
      http.get('*/api/loan/calculator', () =>
        HttpResponse.json(
          calculationFor(1000, 6, calculatorBounds({ amount_limit: '3000.00', term_limit: [6] })),
        ),
      ),
    );
    logInWithLimit({ amount_limit: '3000.00', term_limit: [6] });
    renderCalculator();
    await screen.findByText(t.monthlyPayment);

    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: t.term })).not.toBeInTheDocument();
    expect(screen.getByText(t.term).nextElementSibling).toHaveTextContent('6 თვე');
  });

  it('asks once for a burst of keystrokes, for the amount typed', async () => {
    const user = userEvent.setup();
    const calls = watchCalculatorCalls();
    await showStartingOffer();

    // 250 is already a valid amount on the way to 2500: it must not cost a call.
    await typeAmount(user, '2500');

    expect(await findMonthlyPayment(visitorOffer(2500, 12).monthly_payment)).toBeVisible();
    expect(calls).toEqual([
      { amount: '1000.00', term: '12' },
      { amount: '2500.00', term: '12' },
    ]);
    expect(amountSlider()).toHaveValue('2500');
  });

  it('never lets an older answer replace a newer one', async () => {
    await showStartingOffer();
    const slow = createGate();
    mswServer.use(
      http.get('*/api/loan/calculator', async ({ request }) => {
        if (new URL(request.url).searchParams.get('amount') === '2000.00') await slow.passed();
        return undefined;
      }),
    );

    fireEvent.change(amountSlider(), { target: { value: '2000' } });
    expect(await screen.findByText(t.updating)).toBeInTheDocument();
    fireEvent.change(amountSlider(), { target: { value: '3000' } });
    expect(await findMonthlyPayment(visitorOffer(3000, 12).monthly_payment)).toBeVisible();

    slow.open();
    // Once the held answer has come back (or its call was given up), the newer figures stay.
    const held = calculationQuery({ amount: '2000.00', term: 12 }, false).queryKey;
    await waitFor(() => expect(queryClient.getQueryState(held)?.fetchStatus).toBe('idle'));
    expect(monthly()).toHaveTextContent(money(visitorOffer(3000, 12).monthly_payment));
  });

  it('marks the figures as not the typed amount’s from the keystroke until its answer comes', async () => {
    const user = userEvent.setup();
    await showStartingOffer();
    await typeAmount(user, '500');
    await findMonthlyPayment(visitorOffer(500, 12).monthly_payment);
    expect(monthly()?.closest('[data-stale]')).toBeNull();
    const answer = createGate();
    mswServer.use(
      http.get('*/api/loan/calculator', async () => {
        await answer.passed();
        return undefined;
      }),
    );

    // On the way to 5000: what shows is 500's payment, and it says so at once.
    await user.type(amountField(), '0');
    expect(monthly()).toHaveTextContent(money(visitorOffer(500, 12).monthly_payment));
    expect(monthly()?.closest('[data-stale]')).not.toBeNull();
    expect(await screen.findByText(t.updating)).toBeInTheDocument();

    answer.open();
    expect(await findMonthlyPayment(visitorOffer(5000, 12).monthly_payment)).toBeVisible();
    expect(monthly()?.closest('[data-stale]')).toBeNull();
    expect(screen.queryByText(t.updating)).toBeNull();
  });

  it('says which amount the figures are for while the typed one is outside the bounds', async () => {
    const user = userEvent.setup();
    await showStartingOffer();

    await typeAmount(user, '50');

    expect(monthly()?.closest('[data-stale]')).not.toBeNull();
    expect(monthly()?.closest('[data-stale]')?.querySelector('[role="status"]')).toHaveTextContent(
      format(t.figuresFor, { amount: money('1000.00'), term: format(t.months, { count: 12 }) }),
    );

    // Leaving the field brings the amount into range; the figures are then that amount's.
    await user.tab();
    expect(await findMonthlyPayment(visitorOffer(100, 12).monthly_payment)).toBeVisible();
    expect(monthly()?.closest('[data-stale]')).toBeNull();
  });

  it('asks nothing while the amount is empty, and says an amount is needed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = watchCalculatorCalls();
    await showStartingOffer();

    await user.clear(amountField());

    expect(await screen.findByRole('alert')).toHaveTextContent(t.amountMissing);
    // Past the debounce: a call would have gone by now.
    await act(() => vi.advanceTimersByTimeAsync(CALCULATOR_DEBOUNCE_MS * 2));
    expect(calls).toHaveLength(1);

    await user.tab();
    expect(amountField()).toHaveValue('1000');
    expect(screen.getByText(/თანხა არ იყო შეყვანილი/)).toHaveTextContent(money('1000.00'));
  });

  it('refuses anything but digits as it is typed', async () => {
    const user = userEvent.setup();
    await showStartingOffer();

    await user.type(amountField(), 'ა');

    expect(amountField()).toHaveValue('1000');
    expect(screen.getByRole('alert')).toHaveTextContent(t.amountDigitsOnly);
  });

  it('says a typed amount is outside the bounds, then brings it into range on leaving the field', async () => {
    const user = userEvent.setup();
    const calls = watchCalculatorCalls();
    await showStartingOffer();

    await typeAmount(user, '50');
    expect(screen.getByRole('alert')).toHaveTextContent(`მინიმალური თანხაა ${money('100.00')}`);
    expect(amountField()).toHaveValue('50');

    await user.tab();

    expect(amountField()).toHaveValue('100');
    expect(screen.getByText(/თანხა გაიზარდა მინიმალურამდე/)).toHaveTextContent(money('100.00'));
    expect(await findMonthlyPayment(visitorOffer(100, 12).monthly_payment)).toBeVisible();
    expect(calls.map((call) => call.amount)).toEqual(['1000.00', '100.00']);
  });

  it('moves the amount ten steps with Page Up and Page Down', async () => {
    await showStartingOffer();

    fireEvent.keyDown(amountSlider(), { key: 'PageUp' });
    expect(amountField()).toHaveValue('2000');
    fireEvent.keyDown(amountSlider(), { key: 'PageDown' });
    fireEvent.keyDown(amountSlider(), { key: 'PageDown' });
    expect(amountField()).toHaveValue('100');
  });

  it('keeps the last figures beside a Georgian error, and retries', async () => {
    const user = userEvent.setup();
    renderCalculator();
    const first = visitorOffer(1000, 12);
    await findMonthlyPayment(first.monthly_payment);
    mswServer.use(
      http.get('*/api/loan/calculator', () => new HttpResponse(null, { status: 502 }), {
        once: true,
      }),
    );

    await user.click(screen.getByRole('radio', { name: '6 თვე' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(t.error);
    expect(screen.getByText(t.lastFigures)).toBeInTheDocument();
    expect(monthly()).toHaveTextContent(money(first.monthly_payment));

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await findMonthlyPayment(visitorOffer(1000, 6).monthly_payment)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the repayment schedule on demand as a table', async () => {
    const user = userEvent.setup();
    renderCalculator();
    const offer = visitorOffer(1000, 12);
    await findMonthlyPayment(offer.monthly_payment);

    await user.click(screen.getByText(t.schedule));

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      ka.schedule.number,
      ka.schedule.date,
      ka.schedule.principal,
      ka.schedule.interest,
      ka.schedule.payment,
      ka.schedule.balance,
    ]);
    expect(rows[1]).toHaveTextContent(money(offer.schedule[0]?.payment ?? ''));
  });

  it('asks a visitor to log in on apply, keeps the choice, and goes on to the application after login', async () => {
    const user = userEvent.setup();
    await showStartingOffer();
    await user.click(screen.getByRole('radio', { name: '6 თვე' }));
    await findMonthlyPayment(visitorOffer(1000, 6).monthly_payment);

    await user.click(screen.getByRole('button', { name: t.apply }));

    expect(useUiStore.getState().accountPanel).toBe('login');
    expect(useUiStore.getState().activeLoanComponent).toBe('slider');
    expect(useLoanRequestStore.getState().draft).toEqual({ amount: '1000.00', term: 6 });

    logIn();

    await waitFor(() => expect(useUiStore.getState().activeLoanComponent).toBe('application'));
    // The fixture limit (3000 ₾; 3, 6 or 12 months) allows the visitor's choice as it was.
    expect(useLoanRequestStore.getState().request).toEqual({ amount: '1000.00', term: 6 });
    expect(loanLimit.term_limit).toContain(6);
  });

  it('hands a customer’s choice to the application', async () => {
    const user = userEvent.setup();
    logIn();
    renderCalculator();
    await screen.findByText(t.monthlyPayment);
    fireEvent.change(amountSlider(), { target: { value: '2500' } });
    await findMonthlyPayment(calculationFor(2500, 12, calculatorBounds(loanLimit)).monthly_payment);

    await user.click(screen.getByRole('button', { name: t.apply }));

    expect(useLoanRequestStore.getState().request).toEqual({ amount: '2500.00', term: 12 });
    expect(useUiStore.getState().activeLoanComponent).toBe('application');
    expect(useUiStore.getState().accountPanel).toBeNull();
  });

  it('opens with the amount and term the page’s address names, inside the product’s bounds', async () => {
    renderCalculator('/?amount=2500&term=6');
    await findMonthlyPayment(visitorOffer(2500, 6).monthly_payment);
    expect(amountField()).toHaveValue('2500');
    expect(screen.getByRole('radio', { name: '6 თვე' })).toBeChecked();
  });

  it('brings an amount the address names outside the bounds to the nearest end', async () => {
    renderCalculator('/?amount=999999&term=7');
    await findMonthlyPayment(visitorOffer(10_000, 12).monthly_payment);
    expect(amountField()).toHaveValue('10000');
  });
});
