import { act, screen, waitFor, within } from '@testing-library/react';
import { loanId, loanPath, OVERDUE_PATH } from 'shared/navigation/act-addresses';
import { ka } from 'shared/strings/ka';
import { logIn } from '../testing/customer';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
  repaidLoan,
} from '../testing/fake-loan-provider';
import { renderHomePage, watchScrolling } from '../testing/home-page';
import { findNotice } from '../testing/overdue-notice';

/** The loans' cards, newest first, once they show. */
async function findLoanCards() {
  const loans = screen.getByRole('region', { name: ka.loans.title });
  return within(loans).findAllByRole('listitem');
}

describe('arriving at a part of the home page by its address (contract v1.4’s feed)', () => {
  it('brings the overdue notice into view and focuses it once it shows (/#overdue)', async () => {
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    logIn();
    const scrolled = watchScrolling();
    renderHomePage(OVERDUE_PATH);

    const notice = await findNotice();
    await waitFor(() => expect(notice).toHaveFocus());
    expect(scrolled.mock.contexts).toEqual([notice]);
  });

  it('focuses the loan’s card it names (/#loan-<id>), its own and no other', async () => {
    fakeLoanProvider({ loans: [activeLoan, repaidLoan], overdue: null });
    logIn();
    renderHomePage(loanPath(repaidLoan.id));

    const [, repaid] = await findLoanCards();
    await waitFor(() => expect(repaid).toHaveFocus());
    expect(repaid).toHaveAttribute('id', loanId(repaidLoan.id));
  });

  it('focuses the card when another slice’s link leads there while the page is open', async () => {
    fakeLoanProvider({ loans: [activeLoan, repaidLoan], overdue: null });
    logIn();
    const router = renderHomePage('/');
    const [active] = await findLoanCards();
    expect(active).not.toHaveFocus();

    await act(() => router.navigate(loanPath(activeLoan.id)));

    await waitFor(() => expect(active).toHaveFocus());
  });

  it('focuses the card again when the same link is followed again', async () => {
    fakeLoanProvider({ loans: [activeLoan, repaidLoan], overdue: null });
    logIn();
    const router = renderHomePage(loanPath(activeLoan.id));
    const [active] = await findLoanCards();
    await waitFor(() => expect(active).toHaveFocus());
    act(() => active?.blur());

    await act(() => router.navigate(loanPath(activeLoan.id)));

    await waitFor(() => expect(active).toHaveFocus());
  });

  it('does nothing for a loan the page does not show', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    logIn();
    renderHomePage(loanPath(999));

    await findLoanCards();
    expect(document.body).toHaveFocus();
  });
});
