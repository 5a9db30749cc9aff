import { screen, within } from '@testing-library/react';
import { payLoanPath } from 'shared/navigation/act-addresses';
import { kaLoans as t } from '../ka-loans';
import { logIn } from '../testing/customer';
import { activeLoan, fakeLoanProvider } from '../testing/fake-loan-provider';
import { renderHomePage } from '../testing/home-page';

// The router's module as a host released before shared 0.1.11 lends it: without the parts
// added for the feed's links (as federation gives it, an export it lacks reads undefined).
vi.mock('shared/navigation/router', async () => {
  const router = await import('react-router-dom');
  return {
    Link: router.Link,
    useLocation: router.useLocation,
    useInRouterContext: undefined,
    useSearchParams: undefined,
  };
});

describe('the loans on a host released before the links’ router parts', () => {
  it('leave a pay link unanswered and show the page as before', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    logIn();
    const router = renderHomePage(payLoanPath(activeLoan.id));

    const card = await screen.findByRole('region', { name: t.next.title });
    expect(within(card).getByRole('button', { name: t.loan.pay })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.repay.continue })).toBeNull();
    expect(router.state.location.search).toBe(`?pay=${activeLoan.id}`);
  });
});
