import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Card } from 'shared/api/user/cards';
import { formatMoney } from 'shared/lib/money';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { savedCards } from 'shared/testing/fixtures';
import { createGate, type Gate } from 'shared/testing/gate';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import LoansOverview from '../../../app/loans-overview';
import { kaLoans } from '../../../ka-loans';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
} from '../../../testing/fake-loan-provider';
import type { PaymentOrder } from '../../card-payment/api/payment-orders';
import { kaCardPayment } from '../../card-payment/ka-card-payment';
import type { Autopay } from '../api/autopay';
import { kaAutopay as t } from '../ka-autopay';

afterEach(() => queryClient.clear());

/** Money as the customer reads it; queries normalise the formatter's no-break space. */
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');
const [visa, mastercard] = savedCards as [Card, Card];
const spoken = (card: Card) =>
  format(t.cardSpoken, { brand: t.brand[card.brand], last4: card.last4 });

interface FakeAutopay {
  state: Autopay;
  /** Every PUT's body, in order. */
  sent: { card: number | null }[];
}

/**
 * A v1.3 provider's automatic payment of `loanId` over msw, keeping its state as the sandbox
 * does; `refuse` answers every PUT with that code, `gate` holds the PUT's answer.
 */
function fakeAutopay(
  loanId: number,
  options: { card?: Card | null; cards?: Card[]; refuse?: string; gate?: Gate } = {},
): FakeAutopay {
  const cards = options.cards ?? savedCards;
  const nextCharge = { date: '2026-12-20', amount: '272.09' };
  const fake: FakeAutopay = {
    state: {
      loan: loanId,
      card: options.card ?? null,
      since: options.card ? '2026-11-01T12:00:00+04:00' : null,
      next_charge: nextCharge,
    },
    sent: [],
  };
  mswServer.use(
    http.get('*/api/user/cards/', () => HttpResponse.json(cards)),
    http.get('*/api/loan/payment_orders/', () => HttpResponse.json([])),
    http.get(`*/api/loan/loan/${loanId}/autopay/`, () => HttpResponse.json(fake.state)),
    http.put(`*/api/loan/loan/${loanId}/autopay/`, async ({ request }) => {
      const body = (await request.json()) as { card: number | null };
      fake.sent.push(body);
      await options.gate?.passed();
      if (options.refuse) {
        return HttpResponse.json({ detail: 'refused', code: options.refuse }, { status: 400 });
      }
      const card = cards.find((each) => each.id === body.card) ?? null;
      fake.state = {
        ...fake.state,
        card,
        since: card ? '2026-11-25T12:00:00+04:00' : null,
      };
      return HttpResponse.json(fake.state);
    }),
  );
  return fake;
}

/** The loan's card in the overview (the only loan listed) and its automatic payment's part. */
async function autopayOfLoan() {
  const list = await screen.findByRole('list');
  const [card] = within(list).getAllByRole('listitem') as [HTMLElement];
  const region = await within(card).findByRole('region', { name: t.title });
  return { card, region };
}

describe('a loan’s automatic payment', () => {
  it('turns on only after its terms are shown: what, when, which card, how to stop', async () => {
    const user = userEvent.setup();
    startSession();
    fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const answer = createGate();
    const fake = fakeAutopay(overdueLoan.id, { gate: answer });
    renderInRouter(<LoansOverview />);
    const { region } = await autopayOfLoan();
    expect(within(region).queryByRole('button', { name: t.agree })).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: t.turnOn }));

    // The terms' code comes on the press (on demand); they take the focus when they are there.
    expect(await within(region).findByRole('heading', { name: t.whatTitle })).toHaveFocus();
    // What: the next charge, each remaining row's payment, the overdue amount and penalty.
    expect(region).toHaveTextContent(
      format(t.nextCharge, { date: '20 დეკემბერი, 2026', amount: money('272.09') }),
    );
    for (const row of overdueLoan.schedule.filter((each) => !each.paid)) {
      expect(region).toHaveTextContent(money(row.payment));
    }
    expect(region).toHaveTextContent(
      format(t.overdue, {
        amount: money(overdueAnswer.overdue_amount),
        penalty: money(overdueAnswer.penalty),
      }),
    );
    // When, from which card, and how to stop it.
    expect(region).toHaveTextContent(t.when);
    expect(region).toHaveTextContent(t.stop);
    const first = await within(region).findByRole('radio', { name: new RegExp(spoken(visa)) });
    const second = within(region).getByRole('radio', { name: new RegExp(spoken(mastercard)) });
    expect(first).toBeChecked();
    // Reading precedes agreeing: the button comes after every part of the terms.
    const agree = within(region).getByRole('button', { name: t.agree });
    const stop = within(region).getByRole('heading', { name: t.stopTitle });
    expect(stop.compareDocumentPosition(agree) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fake.sent).toEqual([]);

    await user.click(second);
    await user.click(agree);
    expect(agree).toBeDisabled();
    expect(within(region).getByRole('status')).toHaveTextContent(t.saving);
    await user.click(agree);
    answer.open();

    expect(await within(region).findByText(t.turnedOn)).toBeInTheDocument();
    expect(fake.sent).toEqual([{ card: mastercard.id }]);
    const on = within(region).getByText(t.onWithCard, { exact: false });
    expect(on).toHaveTextContent('Mastercard •••• 4444');
    expect(on).toHaveFocus();
    expect(region).toHaveTextContent(
      format(t.onNext, { date: '20 დეკემბერი, 2026', amount: money('272.09') }),
    );
    expect(within(region).getByRole('button', { name: t.turnOff })).toBeInTheDocument();
  });

  it('closes the terms without turning anything on, focus back on its button', async () => {
    const user = userEvent.setup();
    startSession();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    const fake = fakeAutopay(activeLoan.id);
    renderInRouter(<LoansOverview />);
    const { region } = await autopayOfLoan();
    await user.click(within(region).getByRole('button', { name: t.turnOn }));
    await user.click(await within(region).findByRole('button', { name: t.close }));

    expect(within(region).getByRole('button', { name: t.turnOn })).toHaveFocus();
    expect(within(region).queryByRole('heading', { name: t.whatTitle })).not.toBeInTheDocument();
    expect(fake.sent).toEqual([]);
  });

  it('shows the card and the next charge when on, and turns it off in one step', async () => {
    const user = userEvent.setup();
    startSession();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    const answer = createGate();
    const fake = fakeAutopay(activeLoan.id, { card: visa, gate: answer });
    renderInRouter(<LoansOverview />);
    const { region } = await autopayOfLoan();
    const on = await within(region).findByText(t.onWithCard, { exact: false });
    expect(on).toHaveTextContent('Visa •••• 1111');
    expect(within(on).getByText(spoken(visa))).toHaveClass('visually-hidden');
    expect(region).toHaveTextContent(
      format(t.onNext, { date: '20 დეკემბერი, 2026', amount: money('272.09') }),
    );

    const turnOff = within(region).getByRole('button', { name: t.turnOff });
    await user.click(turnOff);
    expect(turnOff).toBeDisabled();
    expect(within(region).getByRole('status')).toHaveTextContent(t.saving);
    answer.open();

    expect(await within(region).findByText(t.turnedOff)).toHaveAttribute('role', 'status');
    expect(fake.sent).toEqual([{ card: null }]);
    expect(within(region).getByRole('button', { name: t.turnOn })).toHaveFocus();
    expect(region).not.toHaveTextContent('•••• 1111');
  });

  it('offers nothing to turn on without a saved card, and says how a card is saved', async () => {
    const user = userEvent.setup();
    startSession();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    fakeAutopay(activeLoan.id, { cards: [] });
    renderInRouter(<LoansOverview />);
    const { region } = await autopayOfLoan();
    await user.click(within(region).getByRole('button', { name: t.turnOn }));

    expect(await within(region).findByText(t.noCard)).toBeInTheDocument();
    expect(within(region).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: t.agree })).not.toBeInTheDocument();
    expect(await within(region).findByRole('button', { name: t.close })).toBeInTheDocument();
  });

  it('says the provider’s refusal (a closed loan) in Georgian beside it', async () => {
    const user = userEvent.setup();
    startSession();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    fakeAutopay(activeLoan.id, { refuse: 'loan_closed' });
    renderInRouter(<LoansOverview />);
    const { region } = await autopayOfLoan();
    await user.click(within(region).getByRole('button', { name: t.turnOn }));
    await user.click(await within(region).findByRole('button', { name: t.agree }));

    expect(await within(region).findByRole('alert')).toHaveTextContent(kaLoans.refusal.loan_closed);
    expect(within(region).queryByText(t.turnedOn)).not.toBeInTheDocument();
  });

  it('says plainly that an automatic charge failed, in the one wording of its reason, beside the loan’s one pay button', async () => {
    startSession();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    fakeAutopay(activeLoan.id, { card: visa });
    const declined: PaymentOrder = {
      id: 40,
      loan: activeLoan.id,
      purpose: 'autopay',
      amount: '272.09',
      status: 'declined',
      redirect_url: null,
      return_url: 'http://localhost:3000/',
      created_at: '2026-11-20T10:00:00+04:00',
      expires_at: '2026-11-20T10:15:00+04:00',
      decided_at: '2026-11-20T10:00:05+04:00',
      decline_reason: 'insufficient_funds',
      card: visa,
      payment: null,
    };
    mswServer.use(http.get('*/api/loan/payment_orders/', () => HttpResponse.json([declined])));
    renderInRouter(<LoansOverview />);
    const list = await screen.findByRole('list');
    const notice = await within(list).findByRole('region', { name: t.failedTitle });
    expect(notice).toHaveTextContent(
      format(t.failed, {
        date: '20 ნოემბერი, 2026',
        amount: money('272.09'),
        reason: kaCardPayment.outcome.declined.insufficient_funds,
      }),
    );
    expect(within(notice).queryByRole('button')).toBeNull();
    expect(within(list).getAllByRole('button', { name: kaLoans.loan.pay })).toHaveLength(1);
  });

  it('shows nothing of it from a provider without v1.3, or when it cannot be read', async () => {
    startSession();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    let asked = 0;
    mswServer.use(
      http.get('*/api/loan/loan/:id/autopay/', () => {
        asked += 1;
        return HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    const view = renderInRouter(<LoansOverview />);
    const list = await screen.findByRole('list');
    await waitFor(() => expect(asked).toBe(1));
    expect(within(list).getByRole('button', { name: kaLoans.loan.pay })).toBeInTheDocument();
    expect(within(list).queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    view.unmount();
    queryClient.clear();

    mswServer.use(
      http.get('*/api/loan/loan/:id/autopay/', () => {
        asked += 1;
        return HttpResponse.json({ detail: 'error' }, { status: 500 });
      }),
    );
    renderInRouter(<LoansOverview />);
    const again = await screen.findByRole('list');
    await waitFor(() => expect(asked).toBe(2));
    expect(within(again).queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });
});
