import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatMoney } from 'shared/lib/money';
import { queryClient } from 'shared/query/query-client';
import { format, ka } from 'shared/strings/ka';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaLoans } from '../../../ka-loans';
import type { Payment } from '../../../lib/payments';
import { repaidLoan } from '../../../testing/fake-loan-provider';
import { LoanPayments } from './loan-payments';

const t = kaLoans.payments;
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

/** Two payments as a contract-following provider applies them: late, then the payoff. */
const payments: Payment[] = [
  {
    id: 7,
    loan: repaidLoan.id,
    kind: 'repayment',
    amount: '300.00',
    penalty: '4.20',
    interest: '20.00',
    principal: '275.80',
    paid_at: '2026-10-12T06:30:00Z',
    receipt_number: `R-${repaidLoan.id}-1`,
  },
  {
    id: 9,
    loan: repaidLoan.id,
    kind: 'payoff',
    amount: '512.40',
    penalty: '0.00',
    interest: '12.40',
    principal: '500.00',
    paid_at: '2026-12-31T21:30:00+00:00',
    receipt_number: `R-${repaidLoan.id}-2`,
  },
];

function answerPayments(answer: () => Response) {
  const asked: string[] = [];
  mswServer.use(
    http.get('*/api/loan/loan/:id/payments/', ({ params }) => {
      asked.push(String(params.id));
      return answer();
    }),
  );
  return asked;
}

beforeEach(() => {
  startSession();
});

afterEach(() => {
  queryClient.clear();
});

describe('a loan’s payments', () => {
  it('are asked for only when opened, then each says when (Tbilisi), how much and how it was applied', async () => {
    const user = userEvent.setup();
    const asked = answerPayments(() => HttpResponse.json(payments));
    render(<LoanPayments loan={repaidLoan} />);
    expect(asked).toEqual([]);

    await user.click(screen.getByText(t.title));
    const items = await screen.findAllByRole('listitem');
    expect(asked).toEqual([String(repaidLoan.id)]);
    expect(items).toHaveLength(2);
    const [late, payoff] = items as [HTMLElement, HTMLElement];
    expect(late).toHaveTextContent('12 ოქტომბერი, 2026, 10:30');
    expect(late).toHaveTextContent(money('300.00'));
    expect(late).toHaveTextContent(
      `${t.kind.repayment}: ${t.principal} ${money('275.80')} · ${t.interest} ${money('20.00')} · ${t.penalty} ${money('4.20')}`,
    );
    // The last minutes of the year in UTC are already the next year in Tbilisi.
    expect(payoff).toHaveTextContent('1 იანვარი, 2027, 01:30');
    expect(payoff).toHaveTextContent(t.kind.payoff);
    expect(payoff).not.toHaveTextContent(t.penalty);
  });

  it('opens a receipt with the lender, its number, the loan, the amount and its parts, and prints it alone', async () => {
    const user = userEvent.setup();
    answerPayments(() => HttpResponse.json(payments));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<LoanPayments loan={repaidLoan} />);
    await user.click(screen.getByText(t.title));
    const button = await screen.findByRole('button', {
      name: format(t.receiptFor, { number: payments[0]?.receipt_number ?? '' }),
    });
    await user.click(button);

    const receipt = screen.getByRole('region', { name: kaLoans.receipt.title });
    // The focus goes to what was asked for.
    expect(within(receipt).getByRole('heading', { name: kaLoans.receipt.title })).toHaveFocus();
    for (const text of [
      kaLoans.receipt.lenderName,
      `R-${repaidLoan.id}-1`,
      format(kaLoans.receipt.loanValue, { id: repaidLoan.id, amount: money(repaidLoan.amount) }),
      '12 ოქტომბერი, 2026, 10:30',
      money('300.00'),
      money('275.80'),
      money('20.00'),
      money('4.20'),
    ]) {
      expect(receipt).toHaveTextContent(text);
    }
    // What print shows: a copy of this receipt, straight under <body>, and nothing of the page.
    const printed = document.querySelector('body > [data-print-root]');
    expect(printed).toHaveTextContent(`${kaLoans.receipt.title} R-${repaidLoan.id}-1`);
    expect(printed).toHaveTextContent(money('275.80'));
    await user.click(within(receipt).getByRole('button', { name: kaLoans.receipt.print }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(within(receipt).getByRole('button', { name: kaLoans.receipt.close }));
    expect(screen.queryByRole('region', { name: kaLoans.receipt.title })).toBeNull();
    expect(document.querySelector('[data-print-root]')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('say so when there are none, and in Georgian when they cannot be loaded, with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    answerPayments(() =>
      fail
        ? HttpResponse.json({ detail: 'error' }, { status: 500 })
        : HttpResponse.json([] as Payment[]),
    );
    render(<LoanPayments loan={repaidLoan} />);
    await user.click(screen.getByText(t.title));
    expect(await screen.findByText(t.error, { exact: false })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: ka.common.retry }));
    expect(await screen.findByText(t.none)).toBeInTheDocument();
  });
});
