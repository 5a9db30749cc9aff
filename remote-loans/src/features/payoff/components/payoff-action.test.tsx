import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatDate, formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { loans, PAYOFF_TODAY, payoffQuote } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { PayoffAction } from '../../../app/payoff-action';
import { kaLoans } from '../../../ka-loans';
import { withoutPaymentOrders } from '../../../testing/fake-order-provider';

const t = kaLoans.payoff;
const [loan] = loans as [(typeof loans)[0]];
/** Money as the customer reads it; queries normalise the formatter's no-break space. */
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

function logIn() {
  startSession();
}

/** Records every POST of a payoff, answering the loan as repaid (or as the test says). */
function watchPayoffs(answer?: () => Response | Promise<Response>) {
  const posts: number[] = [];
  mswServer.use(
    http.post('*/api/loan/loan/:id/payoff/', async ({ params }) => {
      posts.push(Number(params.id));
      if (answer) return answer();
      return HttpResponse.json({
        ...loan,
        status: 'repaid',
        outstanding: '0.00',
        next_payment_date: null,
        next_payment_amount: null,
        closed_at: '2026-11-25T12:00:00+04:00',
      });
    }),
  );
  return posts;
}

/** A provider before v1.3: payoff/ takes the payment (the card payment's own tests have v1.3's). */
function renderAction(props: Partial<Parameters<typeof PayoffAction>[0]> = {}) {
  withoutPaymentOrders();
  logIn();
  return render(<PayoffAction loanId={loan.id} payable headingLevel={3} {...props} />);
}

describe('paying a loan off early', () => {
  it('quotes today: the total, what it is made of and the interest it saves', async () => {
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));

    const panel = screen.getByRole('region', { name: t.title });
    expect(
      await within(panel).findByText(format(t.total, { date: formatDate(PAYOFF_TODAY) })),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent(money(payoffQuote.total));
    expect(panel).toHaveTextContent(money(payoffQuote.principal));
    expect(panel).toHaveTextContent(money(payoffQuote.interest));
    const saved = within(panel).getByText(t.saved);
    expect(saved.nextElementSibling).toHaveTextContent(money(payoffQuote.interest_saved));
    // No penalty on this loan: the line is left out rather than showing zero.
    expect(within(panel).queryByText(t.penalty)).toBeNull();
    expect(within(panel).getByLabelText(t.date)).toHaveValue(PAYOFF_TODAY);
  });

  it('quotes a later date the customer picks, and pays off only today’s total', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    mswServer.use(
      http.get('*/api/loan/loan/:id/payoff/', ({ request }) => {
        const date = new URL(request.url).searchParams.get('date');
        asked.push(date);
        return HttpResponse.json(
          date
            ? { ...payoffQuote, date, interest: '15.10', total: '1005.22', interest_saved: '7.15' }
            : payoffQuote,
        );
      }),
    );
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));
    const panel = screen.getByRole('region', { name: t.title });
    const field = await within(panel).findByLabelText(t.date);
    await waitFor(() => expect(field).toBeEnabled());
    expect(field).toHaveAttribute('min', PAYOFF_TODAY);
    expect(field).toHaveAttribute('max', '2026-12-25');

    // A date field's picker is the browser's: the test sets the day as the picker would.
    fireEvent.change(field, { target: { value: '2026-12-10' } });
    expect(await within(panel).findByText(money('1005.22'))).toBeInTheDocument();
    expect(asked).toContain('2026-12-10');
    expect(within(panel).getByText(t.laterNote)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: t.payToday })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: t.backToToday }));
    expect(await within(panel).findByRole('button', { name: t.payToday })).toBeInTheDocument();
    expect(panel).toHaveTextContent(money(payoffQuote.total));
  });

  it('says a date outside the 30 days at the field, and asks the provider nothing for it', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    mswServer.use(
      http.get('*/api/loan/loan/:id/payoff/', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('date'));
        return HttpResponse.json(payoffQuote);
      }),
    );
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));
    const field = await screen.findByLabelText(t.date);
    await waitFor(() => expect(field).toBeEnabled());
    fireEvent.change(field, { target: { value: '2027-01-30' } });

    expect(await screen.findByText(t.dateInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(asked.every((date) => date === null)).toBe(true);
  });

  it('says paying early saves nothing rather than a negative saving', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/loan/loan/:id/payoff/', () =>
        HttpResponse.json({ ...payoffQuote, interest_saved: '-0.03' }),
      ),
    );
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));
    expect(await screen.findByText(t.savesNothing)).toBeInTheDocument();
    expect(screen.queryByText(t.saved)).toBeNull();
    expect(screen.queryByText(/-0,03/)).toBeNull();
  });

  it('confirms stating the total, sends one payoff however often it is clicked, and says it is done', async () => {
    const user = userEvent.setup();
    const gate = createGate();
    const posts = watchPayoffs(async () => {
      await gate.passed();
      return HttpResponse.json({
        ...loan,
        status: 'repaid',
        outstanding: '0.00',
        closed_at: '2026-11-25T12:00:00+04:00',
      });
    });
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));
    await user.click(await screen.findByRole('button', { name: t.payToday }));

    const heading = screen.getByRole('heading', { name: t.confirmTitle });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(format(t.confirmStatement, { amount: money(payoffQuote.total) })),
    ).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: t.confirm });
    await user.click(confirm);
    await user.click(confirm);
    // Disabled at once; its words say it is paying once the wait is long enough to notice.
    expect(await screen.findByRole('button', { name: t.paying })).toBeDisabled();
    gate.open();

    const done = await screen.findByText(format(t.done, { amount: money(payoffQuote.total) }));
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(posts).toEqual([loan.id]);
  });

  it('shows the provider’s refusal beside the confirmation, in Georgian', async () => {
    const user = userEvent.setup();
    watchPayoffs(() =>
      HttpResponse.json({ detail: 'Loan is closed.', code: 'loan_closed' }, { status: 400 }),
    );
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));
    await user.click(await screen.findByRole('button', { name: t.payToday }));
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(kaLoans.refusal.loan_closed);
    expect(screen.getByRole('button', { name: t.confirm })).toBeEnabled();
  });

  it('gives the focus back to its button when cancelled, from the quote or the confirmation', async () => {
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: t.open }));
    await user.click(await screen.findByRole('button', { name: t.payToday }));
    await user.click(screen.getByRole('button', { name: t.back }));
    await user.click(screen.getByRole('button', { name: t.cancel }));
    expect(screen.getByRole('button', { name: t.open })).toHaveFocus();
  });

  it('offers nothing on a closed loan', () => {
    renderAction({ payable: false });
    expect(screen.queryByRole('button', { name: t.open })).toBeNull();
  });
});
