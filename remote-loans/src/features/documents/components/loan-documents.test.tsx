import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatMoney } from 'shared/lib/money';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { kaLoanFigures as figures } from 'shared/strings/ka-loan-figures';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaLoans } from '../../../ka-loans';
import type { Payment } from '../../../lib/payments';
import { activeLoan } from '../../../testing/fake-loan-provider';
import type { LoanContract } from '../api/contract';
import { LoanDocuments } from './loan-documents';

const t = kaLoans.documents;
const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

/** The terms accepted with this loan: version 3.0, though 3.1 is published since. */
const contract: LoanContract = {
  loan: activeLoan.id,
  terms: {
    id: 8,
    title: 'სესხის ხელშეკრულების პირობები',
    version: '3.0',
    published_at: '2026-09-01T10:00:00+04:00',
    content:
      '<h2>1. მხარეები</h2><p>გამსესხებელი და მსესხებელი.</p><script>window.__xss = 1</script>',
  },
  accepted_at: '2026-10-20T08:00:00Z',
  key_terms: {
    amount: '800.00',
    term: 3,
    monthly_payment: '272.09',
    total_payment: '816.27',
    total_interest: '16.27',
    service_fee: '16.00',
    interest_rate: '24.00',
    effective_interest_rate: '31.84',
  },
};

const payments: Payment[] = [
  {
    id: 1,
    loan: activeLoan.id,
    kind: 'repayment',
    amount: '272.09',
    penalty: '0.00',
    interest: '16.00',
    principal: '256.09',
    paid_at: '2026-11-20T09:00:00Z',
    receipt_number: `R-${activeLoan.id}-1`,
  },
];

beforeEach(() => {
  startSession();
  mswServer.use(
    http.get(`*/api/loan/loan/${activeLoan.id}/contract/`, () => HttpResponse.json(contract)),
    http.get(`*/api/loan/loan/${activeLoan.id}/payments/`, () => HttpResponse.json(payments)),
  );
});
afterEach(() => queryClient.clear());

describe('a loan’s documents', () => {
  it('show the key terms as offered, the contract as accepted (sanitised), the schedule and the payments, and print alone', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { container } = render(<LoanDocuments loan={activeLoan} />);
    await user.click(screen.getByText(t.offer));

    const shown = await screen.findByRole('heading', {
      level: 4,
      name: format(t.title, { id: activeLoan.id }),
    });
    const view = container;
    expect(shown).toBeInTheDocument();
    for (const text of [
      `${figures.amount}${money('800.00')}`,
      `${figures.monthlyPayment}${money('272.09')}`,
      `${t.effectiveRate}31,84%`,
      `${figures.interestRate}24,00%`,
      'ვერსია 3.0, გამოქვეყნდა 1 სექტემბერი, 2026',
      format(t.accepted, { date: '20 ოქტომბერი, 2026, 12:00' }),
      'გამსესხებელი და მსესხებელი.',
      `R-${activeLoan.id}-1`,
    ]) {
      expect(view).toHaveTextContent(text);
    }
    // The provider's HTML, sanitised: its script is not on the page.
    expect(view.querySelector('script')).toBeNull();
    expect(within(view).getByRole('region', { name: t.payments })).toHaveTextContent(
      money('256.09'),
    );
    expect(
      within(view).getByRole('region', {
        name: format(kaLoans.schedule.caption, { amount: formatMoney(activeLoan.amount) }),
      }),
    ).toBeInTheDocument();

    const printed = document.querySelector('body > [data-print-root]');
    expect(printed).toHaveTextContent(kaLoans.receipt.lenderName);
    expect(printed).toHaveTextContent(`${t.effectiveRate}31,84%`);
    await user.click(screen.getByRole('button', { name: t.print }));
    expect(print).toHaveBeenCalledTimes(1);

    // Closed, nothing of it is printed.
    await user.click(screen.getByText(t.offer));
    expect(document.querySelector('[data-print-root]')).toBeNull();
  });
});
