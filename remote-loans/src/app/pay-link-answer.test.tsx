import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { payLoanPath } from 'shared/navigation/act-addresses';
import { ka } from 'shared/strings/ka';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { kaCardPayment } from '../features/card-payment/ka-card-payment';
import { leavePage } from '../features/card-payment/lib/leave-page';
import { kaLoans as t } from '../ka-loans';
import { logIn } from '../testing/customer';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
  repaidLoan,
} from '../testing/fake-loan-provider';
import {
  BANK_ORIGIN,
  fakeOrderProvider,
  onAPageThatKnowsTheBank,
  orderOf,
} from '../testing/fake-order-provider';
import { renderHomePage, watchScrolling } from '../testing/home-page';
import { findNotice } from '../testing/overdue-notice';

vi.mock('../features/card-payment/lib/leave-page', async (original) => ({
  ...(await original<typeof import('../features/card-payment/lib/leave-page')>()),
  leavePage: vi.fn(),
}));

onAPageThatKnowsTheBank();

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leavePage).mockReset();
});

/** A second loan repaid on schedule, due after activeLoan. */
const laterLoan = { ...activeLoan, id: 30, next_payment_date: '2027-02-01', amount: '2000.00' };

const findNextPayment = () => screen.findByRole('region', { name: t.next.title });
const loansSection = () => screen.getByRole('region', { name: ka.loans.title });
/** Every repayment form open on the page: each has its own "continue". */
const openForms = () => screen.queryAllByRole('button', { name: t.repay.continue });

/** The focus is on the checked choice of a form inside `place`, as after a press of its pay. */
async function expectChoiceFocusedIn(place: HTMLElement) {
  await waitFor(() => expect(place).toContainElement(document.activeElement as HTMLElement));
  expect(document.activeElement).toHaveAttribute('type', 'radio');
  expect(document.activeElement).toBeChecked();
}

/** The address is the home page's without the link's param, replaced rather than pushed. */
async function expectParamRemoved(router: ReturnType<typeof renderHomePage>) {
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(router.state.location.pathname).toBe('/');
  expect(router.state.historyAction).toBe('REPLACE');
}

describe('a pay link (/?pay=<loan>, contract v1.4’s feed)', () => {
  it('opens the named loan’s form in the next payment, and no other, then leaves the address', async () => {
    fakeLoanProvider({ loans: [activeLoan, laterLoan], overdue: null });
    logIn();
    const scrolled = watchScrolling();
    const router = renderHomePage(payLoanPath(laterLoan.id));

    const card = await findNextPayment();
    const [first, second] = within(card).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    await expectChoiceFocusedIn(second);
    expect(within(second).getByRole('button', { name: t.repay.continue })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: t.loan.pay })).toBeInTheDocument();
    // One form on the page: the loan's card below keeps its button.
    expect(openForms()).toHaveLength(1);
    await within(loansSection()).findAllByRole('button', { name: t.loan.pay });
    expect(within(loansSection()).getAllByRole('button', { name: t.loan.pay })).toHaveLength(2);
    // Brought into view where it opens: its pay button's place.
    expect(scrolled.mock.contexts).toEqual([expect.objectContaining({ textContent: t.loan.pay })]);
    await expectParamRemoved(router);
  });

  it('is the first of three presses: continue and pay with card reach the bank', async () => {
    const user = userEvent.setup();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    const orders = fakeOrderProvider();
    logIn();
    renderHomePage(payLoanPath(activeLoan.id));

    const card = await findNextPayment();
    await user.click(await within(card).findByRole('button', { name: t.repay.continue }));
    await user.click(await within(card).findByRole('button', { name: kaCardPayment.payWithCard }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(leavePage).mock.calls[0]?.[0]).toMatch(new RegExp(`^${BANK_ORIGIN}/`));
    expect(orders.creates.map((create) => create.loan)).toEqual([activeLoan.id]);
  });

  it('opens an overdue loan’s payment in the overdue notice, on its total due', async () => {
    fakeLoanProvider({ loans: [overdueLoan, activeLoan], overdue: overdueAnswer });
    logIn();
    const scrolled = watchScrolling();
    const router = renderHomePage(payLoanPath(overdueLoan.id));

    const notice = await findNotice();
    await expectChoiceFocusedIn(notice);
    expect(within(notice).getByRole('button', { name: t.repay.continue })).toBeInTheDocument();
    expect(openForms()).toHaveLength(1);
    // Opened once, from the notice's own pay button.
    expect(scrolled.mock.contexts).toEqual([
      expect.objectContaining({ textContent: t.overdue.pay }),
    ]);
    expect(
      within(await findNextPayment()).getByRole('button', { name: t.loan.pay }),
    ).toBeInTheDocument();
    await expectParamRemoved(router);
  });

  it.each([
    ['an unknown loan', 999],
    ['a repaid loan', repaidLoan.id],
  ])('opens nothing for %s, and still leaves the address', async (_, loan) => {
    fakeLoanProvider({ loans: [activeLoan, repaidLoan], overdue: null });
    logIn();
    const router = renderHomePage(payLoanPath(loan));

    await expectParamRemoved(router);
    await within(loansSection()).findAllByRole('listitem');
    expect(openForms()).toHaveLength(0);
    expect(
      within(await findNextPayment()).getByRole('button', { name: t.loan.pay }),
    ).toBeInTheDocument();
  });

  it('opens nothing while the loan has a payment on its way at the bank', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    fakeOrderProvider({ orders: [orderOf({ id: 7, loan: activeLoan.id })] });
    logIn();
    const scrolled = watchScrolling();
    const router = renderHomePage(payLoanPath(activeLoan.id));

    const card = await findNextPayment();
    expect(
      await within(card).findByRole('article', { name: kaCardPayment.inProgress.title }),
    ).toBeInTheDocument();
    await expectParamRemoved(router);
    expect(openForms()).toHaveLength(0);
    // Not even started before the orders were known: the page stays where the customer is.
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.body).toHaveFocus();
  });

  it('waits for the loans while they load, then opens the form', async () => {
    const gate = createGate();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    let asked = false;
    mswServer.use(
      // Held, then left to the provider's own answer.
      http.get('*/api/loan/loan/', async () => {
        asked = true;
        await gate.passed();
        return undefined;
      }),
    );
    logIn();
    const router = renderHomePage(payLoanPath(activeLoan.id));

    await waitFor(() => expect(asked).toBe(true));
    expect(router.state.location.search).toBe(`?pay=${activeLoan.id}`);
    gate.open();
    await expectChoiceFocusedIn(await findNextPayment());
    await expectParamRemoved(router);
  });

  it('opens the form when the link is followed while the page is already open', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    logIn();
    const router = renderHomePage('/');
    const card = await findNextPayment();
    await within(loansSection()).findAllByRole('listitem');

    await act(() => router.navigate(payLoanPath(activeLoan.id)));

    await expectChoiceFocusedIn(card);
    expect(openForms()).toHaveLength(1);
    await expectParamRemoved(router);
  });
});
