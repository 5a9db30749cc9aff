import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from 'shared/testing/render';
import { kaLoans } from '../ka-loans';
import { logIn } from '../testing/customer';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
} from '../testing/fake-loan-provider';
import { findNotice } from '../testing/overdue-notice';
import LoansOverview from './loans-overview';
import OverdueNotice from './overdue-notice';

// The repayment form's code is fetched on intent (decision 031): each "pay" button must start
// it when a pointer comes over, focus reaches or a finger touches it, or the customer who
// presses waits for the form library after the press.
const intents = vi.hoisted(() => ({ seen: [] as string[] }));

vi.mock('./repay-form-on-demand', async (importOriginal) => {
  const { repayForm } = await importOriginal<typeof import('./repay-form-on-demand')>();
  const noted = (kind: string) => () => {
    intents.seen.push(kind);
  };
  return {
    repayForm: {
      ...repayForm,
      intent: {
        onPointerEnter: noted('pointer'),
        onFocus: noted('focus'),
        onTouchStart: noted('touch'),
      },
    },
  };
});

beforeEach(() => {
  intents.seen = [];
});

describe('the "pay" buttons start fetching the repayment form', () => {
  it('on a loan’s card, when a pointer comes over or focus reaches it', async () => {
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    logIn();
    renderInRouter(<LoansOverview />);
    const user = userEvent.setup();
    const pay = await screen.findByRole('button', { name: kaLoans.loan.pay });
    await user.hover(pay);
    expect(intents.seen).toEqual(['pointer']);
    pay.focus();
    expect(intents.seen).toEqual(['pointer', 'focus']);
  });

  it('in the overdue notice, when a pointer comes over or focus reaches it', async () => {
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    logIn();
    renderInRouter(<OverdueNotice />);
    const user = userEvent.setup();
    const region = await findNotice();
    const pay = within(region).getByRole('button', { name: kaLoans.overdue.pay });
    await user.hover(pay);
    expect(intents.seen).toEqual(['pointer']);
    pay.focus();
    expect(intents.seen).toEqual(['pointer', 'focus']);
  });
});
