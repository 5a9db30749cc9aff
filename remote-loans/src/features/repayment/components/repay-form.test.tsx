import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatMoney } from 'shared/lib/money';
import { format, ka } from 'shared/strings/ka';
import { createGate } from 'shared/testing/gate';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { RepayForm, type RepayFormProps } from '../../../app/repay-form';
import { kaLoans } from '../../../ka-loans';
import { money } from '../../../testing/customer';
import {
  activeLoan,
  fakeLoanProvider,
  overdueAnswer,
  overdueLoan,
  startingWith,
} from '../../../testing/fake-loan-provider';
import { withoutPaymentOrders } from '../../../testing/fake-order-provider';

const t = kaLoans.repay;

function renderForm(props: Partial<RepayFormProps> = {}) {
  const onPaid = vi.fn();
  const onCancel = vi.fn();
  // A customer's form, with a provider before v1.3: repay/ takes the payment (the card
  // payment's own tests have v1.3's).
  withoutPaymentOrders();
  startSession();
  render(
    <RepayForm
      loan={overdueLoan}
      overdue={overdueAnswer}
      onPaid={onPaid}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onPaid, onCancel };
}

/** The value of a row of the confirmation's summary, found by its term. */
function summaryValue(term: string): string | null | undefined {
  return screen.getByText(term).nextElementSibling?.textContent;
}

/**
 * The form on the overdue loan at its confirm step, the provider holding the payment until
 * `gate` opens: for what clicking confirm again does meanwhile.
 */
async function atConfirmWithPaymentHeld(user: UserEvent) {
  const gate = createGate();
  const provider = fakeLoanProvider(
    { loans: [overdueLoan], overdue: overdueAnswer },
    { repayGate: gate },
  );
  const { onPaid } = renderForm();
  await user.click(screen.getByRole('button', { name: t.continue }));
  const confirm = await screen.findByRole('button', { name: t.confirm });
  return { gate, provider, onPaid, confirm };
}

async function typeOtherAmount(user: UserEvent, amount: string) {
  await user.click(screen.getByRole('radio', { name: t.other }));
  const field = screen.getByRole('textbox', { name: t.otherLabel });
  await user.clear(field);
  if (amount !== '') await user.type(field, amount);
}

describe('the repayment form', () => {
  it.each([
    { choice: t.next, sent: '281.44' },
    { choice: t.totalDue, sent: '284.82' },
    { choice: t.full, sent: '1129.12' },
  ])('pays "$choice" with exactly $sent', async ({ choice, sent }) => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const { onPaid } = renderForm();

    const radio = screen.getByRole('radio', { name: startingWith(choice) });
    expect(radio).toHaveAccessibleName(new RegExp(formatMoney(sent)));
    await user.click(radio);
    await user.click(screen.getByRole('button', { name: t.continue }));
    await user.click(await screen.findByRole('button', { name: t.confirm }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(provider.repayments).toEqual([{ id: overdueLoan.id, amount: sent }]);
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ amount: sent });
  });

  it('pays another amount typed with a decimal comma as the provider writes it', async () => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const { onPaid } = renderForm();

    await typeOtherAmount(user, '150,5');
    await user.click(screen.getByRole('button', { name: t.continue }));
    await user.click(await screen.findByRole('button', { name: t.confirm }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(provider.repayments).toEqual([{ id: overdueLoan.id, amount: '150.50' }]);
  });

  it('opens on the choice it is given, and offers the overdue total only for the overdue loan', () => {
    renderForm({ initialChoice: 'overdue' });
    expect(screen.getByRole('radio', { name: startingWith(t.totalDue) })).toBeChecked();
  });

  it('offers no overdue total for an active loan', () => {
    renderForm({ loan: activeLoan, overdue: overdueAnswer });
    expect(screen.queryByRole('radio', { name: startingWith(t.totalDue) })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it.each([
    { typed: '', message: t.amountRequired },
    { typed: '12,345', message: t.amountInvalid },
    { typed: '1.5.0', message: t.amountInvalid },
    { typed: '-5', message: t.amountInvalid },
    { typed: '0', message: format(t.amountTooSmall, { min: formatMoney('0.01') }) },
    { typed: '1129,13', message: format(t.amountTooLarge, { max: formatMoney('1129.12') }) },
  ])('refuses "$typed" in Georgian and sends nothing', async ({ typed, message }) => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    renderForm();

    await typeOtherAmount(user, typed);
    await user.click(screen.getByRole('button', { name: t.continue }));

    const field = screen.getByRole('textbox', { name: t.otherLabel });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('button', { name: t.confirm })).toBeNull();
    expect(provider.repayments).toEqual([]);
  });

  it('takes a cent on a loan with no penalty, and no less', async () => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [activeLoan], overdue: null });
    renderForm({ loan: activeLoan, overdue: null });

    await typeOtherAmount(user, '0');
    await user.click(screen.getByRole('button', { name: t.continue }));
    expect(
      await screen.findByText(money(format(t.amountTooSmall, { min: formatMoney('0.01') }))),
    ).toBeInTheDocument();

    await typeOtherAmount(user, '0.01');
    await user.click(screen.getByRole('button', { name: t.continue }));
    expect(await screen.findByRole('button', { name: t.confirm })).toBeInTheDocument();
    expect(provider.repayments).toEqual([]);
  });

  it('confirms what will be paid, the penalty taken first and what remains; back keeps the choice', async () => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    renderForm();

    await typeOtherAmount(user, '300');
    await user.click(screen.getByRole('button', { name: t.continue }));

    const step = await screen.findByRole('region', { name: t.confirmTitle });
    expect(within(step).getByRole('heading', { name: t.confirmTitle })).toHaveFocus();
    expect(summaryValue(t.willPay)).toBe(formatMoney('300.00'));
    expect(summaryValue(t.penaltyFirst)).toBe(formatMoney('3.38'));
    // 1125.74 outstanding + 3.38 penalty − 300.00
    expect(summaryValue(t.remains)).toBe(formatMoney('829.12'));
    expect(provider.repayments).toEqual([]);

    await user.click(screen.getByRole('button', { name: t.back }));
    expect(screen.getByRole('radio', { name: t.other })).toBeChecked();
    expect(screen.getByRole('textbox', { name: t.otherLabel })).toHaveValue('300');
    expect(screen.getByRole('button', { name: t.continue })).toHaveFocus();
  });

  it('shows nothing left after paying all that is owed', async () => {
    const user = userEvent.setup();
    fakeLoanProvider({ loans: [activeLoan], overdue: null });
    renderForm({ loan: activeLoan, overdue: null });

    await user.click(screen.getByRole('radio', { name: startingWith(t.full) }));
    await user.click(screen.getByRole('button', { name: t.continue }));

    await screen.findByRole('region', { name: t.confirmTitle });
    expect(summaryValue(t.willPay)).toBe(formatMoney('544.19'));
    expect(summaryValue(t.remains)).toBe(formatMoney('0.00'));
    expect(screen.queryByText(t.penaltyFirst)).toBeNull();
  });

  it('sends one payment however often confirm is clicked while it runs', async () => {
    const user = userEvent.setup();
    const { gate, provider, onPaid, confirm } = await atConfirmWithPaymentHeld(user);

    await user.dblClick(confirm);
    await user.click(confirm);

    await waitFor(() => expect(provider.repayments).toHaveLength(1));
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: t.back })).toBeDisabled();

    gate.open();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(provider.repayments).toHaveLength(1);
  });

  it('ignores a second click that comes before the page has re-rendered', async () => {
    const user = userEvent.setup();
    const { gate, provider, onPaid, confirm } = await atConfirmWithPaymentHeld(user);

    // Two clicks in one task: React has not rendered the disabled button in between.
    confirm.click();
    confirm.click();

    await waitFor(() => expect(provider.repayments).toHaveLength(1));
    gate.open();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(provider.repayments).toHaveLength(1);
  });

  it('puts the provider’s message at the typed amount and keeps what was typed', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/loan/loan/:id/repay/', () =>
        HttpResponse.json({ amount: ['თანხა უნდა ფარავდეს პირგასამტეხლოს.'] }, { status: 400 }),
      ),
    );
    const { onPaid } = renderForm();

    await typeOtherAmount(user, '200');
    await user.click(screen.getByRole('button', { name: t.continue }));
    await user.click(await screen.findByRole('button', { name: t.confirm }));

    const field = await screen.findByRole('textbox', { name: t.otherLabel });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('თანხა უნდა ფარავდეს პირგასამტეხლოს.'),
      ),
    );
    expect(field).toHaveValue('200');
    expect(field).toHaveFocus();
    expect(screen.getByRole('radio', { name: t.other })).toBeChecked();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('says in Georgian that the loan is already closed, in the form, keeping the choice', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/loan/loan/:id/repay/', () =>
        HttpResponse.json({ detail: 'Loan is closed.', code: 'loan_closed' }, { status: 400 }),
      ),
    );
    renderForm({ loan: activeLoan, overdue: null });

    await user.click(screen.getByRole('radio', { name: startingWith(t.full) }));
    await user.click(screen.getByRole('button', { name: t.continue }));
    await user.click(await screen.findByRole('button', { name: t.confirm }));

    expect(await screen.findByRole('alert')).toHaveTextContent(kaLoans.refusal.loan_closed);
    expect(screen.getByRole('radio', { name: startingWith(t.full) })).toBeChecked();
  });

  it('lets the customer try again after the provider failed, and then pays once', async () => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    mswServer.use(
      http.post('*/api/loan/loan/:id/repay/', () => new HttpResponse(null, { status: 503 }), {
        once: true,
      }),
    );
    const { onPaid } = renderForm();

    await typeOtherAmount(user, '100');
    await user.click(screen.getByRole('button', { name: t.continue }));
    await user.click(await screen.findByRole('button', { name: t.confirm }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ka.errors.providerUnavailable);
    expect(screen.getByRole('textbox', { name: t.otherLabel })).toHaveValue('100');

    await user.click(screen.getByRole('button', { name: t.continue }));
    await user.click(await screen.findByRole('button', { name: t.confirm }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(provider.repayments).toEqual([{ id: overdueLoan.id, amount: '100.00' }]);
  });

  it('gives up without sending anything when cancelled', async () => {
    const user = userEvent.setup();
    const provider = fakeLoanProvider({ loans: [overdueLoan], overdue: overdueAnswer });
    const { onCancel } = renderForm();
    await user.click(screen.getByRole('button', { name: t.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(provider.repayments).toEqual([]);
  });
});
