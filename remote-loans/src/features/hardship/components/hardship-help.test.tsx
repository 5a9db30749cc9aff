import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaLoans } from '../../../ka-loans';
import type { HardshipAsk, HardshipRequest } from '../api/hardship';
import { HardshipHelp } from './hardship-help';

const t = kaLoans.hardship;
const LOAN = 11;

/** A contract-following provider's hardship calls for one loan, with what it was sent. */
function provider(initial: HardshipRequest[], options: { openElsewhere?: HardshipRequest } = {}) {
  const state = { requests: [...initial], sent: [] as HardshipAsk[] };
  mswServer.use(
    http.get(`*/api/loan/loan/${LOAN}/hardship/`, () => HttpResponse.json(state.requests)),
    http.post(`*/api/loan/loan/${LOAN}/hardship/`, async ({ request }) => {
      const ask = (await request.json()) as HardshipAsk;
      state.sent.push(ask);
      if (options.openElsewhere) {
        state.requests = [options.openElsewhere, ...state.requests];
        return HttpResponse.json(
          { detail: 'მოთხოვნა უკვე განიხილება.', code: 'hardship_request_open' },
          { status: 400 },
        );
      }
      const created: HardshipRequest = {
        id: 100 + state.sent.length,
        loan: LOAN,
        ...ask,
        status: 'received',
        created_at: '2026-11-25T12:00:00+04:00',
        answer_due: '2026-12-05',
        answer: null,
      };
      state.requests = [created, ...state.requests];
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  return state;
}

beforeEach(startSession);
afterEach(() => queryClient.clear());

async function openOffer(user: ReturnType<typeof userEvent.setup>) {
  render(<HardshipHelp loanId={LOAN} />);
  await user.click(screen.getByText(t.offer));
}

describe('help with a loan’s payments', () => {
  it('asks what would help and why, in Georgian, sends once, then shows the request being considered', async () => {
    const user = userEvent.setup();
    const state = provider([]);
    await openOffer(user);
    expect(await screen.findByText(t.intro)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.send }));
    expect(screen.getByText(t.kindRequired)).toBeInTheDocument();
    expect(screen.getByText(t.reasonRequired)).toBeInTheDocument();
    expect(state.sent).toEqual([]);

    await user.click(screen.getByRole('radio', { name: t.kinds.payment_holiday }));
    await user.click(screen.getByRole('radio', { name: t.reasons.income_loss }));
    await user.type(screen.getByLabelText(t.text), ' სამსახური{Enter}დავკარგე ');
    expect(
      screen.getByText(format(t.count, { count: 'სამსახური დავკარგე'.length, max: 1000 })),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.send }));

    expect(
      await screen.findByText(format(t.received, { date: '5 დეკემბერი, 2026' })),
    ).toBeInTheDocument();
    expect(screen.getByText(t.kinds.payment_holiday)).toHaveFocus();
    // A second while this one is considered is explained, not offered.
    expect(screen.getByText(t.openExplained)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.send })).toBeNull();
    expect(state.sent).toEqual([
      { kind: 'payment_holiday', reason: 'income_loss', text: 'სამსახური დავკარგე' },
    ]);
  });

  it('shows the lender’s answer where the offer is, and lets the customer ask again', async () => {
    const user = userEvent.setup();
    provider([
      {
        id: 3,
        loan: LOAN,
        kind: 'date_change',
        reason: 'illness',
        text: '',
        status: 'accepted',
        created_at: '2026-11-01T12:00:00+04:00',
        answer_due: '2026-11-11',
        answer: 'გადახდის თარიღი გადაიწია 20 რიცხვზე.',
      },
    ]);
    await openOffer(user);
    expect(await screen.findByText(t.accepted)).toBeInTheDocument();
    expect(
      screen.getByText(format(t.answer, { answer: 'გადახდის თარიღი გადაიწია 20 რიცხვზე.' })),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.send })).toBeInTheDocument();
  });

  it('shows a request sent meanwhile from elsewhere instead of refusing silently', async () => {
    const user = userEvent.setup();
    provider([], {
      openElsewhere: {
        id: 9,
        loan: LOAN,
        kind: 'restructuring',
        reason: 'other',
        text: '',
        status: 'received',
        created_at: '2026-11-25T11:00:00+04:00',
        answer_due: '2026-12-05',
        answer: null,
      },
    });
    await openOffer(user);
    await user.click(await screen.findByRole('radio', { name: t.kinds.date_change }));
    await user.click(screen.getByRole('radio', { name: t.reasons.other }));
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.kinds.restructuring)).toBeInTheDocument();
    expect(screen.getByText(t.openExplained)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: t.send })).toBeNull());
  });
});
