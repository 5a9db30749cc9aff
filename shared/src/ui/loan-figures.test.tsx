import { screen } from '@testing-library/react';
import { kaLoanFigures as t } from 'shared/strings/ka-loan-figures';
import { render } from 'shared/testing/render';
import { LoanFiguresList } from './loan-figures';

const figures = {
  amount: '1000.00',
  term: 6,
  monthly_payment: '185.00',
  total_payment: '1110.00',
  total_interest: '100.00',
  service_fee: '10.00',
  interest_rate: '24.00',
  effective_interest_rate: '29.84',
};

const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('LoanFiguresList', () => {
  it('names every regulated figure in its words, money in lari, rates in percent, the term in months', () => {
    render(<LoanFiguresList figures={figures} />);
    const labels = screen.getAllByRole('term').map((term) => term.textContent);
    expect(labels).toEqual([
      t.amount,
      t.term,
      t.monthlyPayment,
      t.totalPayment,
      t.totalInterest,
      t.serviceFee,
      t.interestRate,
      t.effectiveRate,
    ]);
    expect(value(t.term)).toBe('6 თვე');
    expect(value(t.totalPayment)).toMatch(/1\s?110,00/);
    expect(value(t.effectiveRate)).toBe('29,84%');
  });

  it('draws only the rows asked for, in the regulated order, with a sheet’s own word and facts', () => {
    render(
      <LoanFiguresList
        figures={figures}
        rows={['effective_interest_rate', 'monthly_payment']}
        labels={{ monthly_payment: 'შენატანი' }}
      >
        <div>
          <dt>first</dt>
          <dd>day</dd>
        </div>
      </LoanFiguresList>,
    );
    const labels = screen.getAllByRole('term').map((term) => term.textContent);
    expect(labels).toEqual(['შენატანი', t.effectiveRate, 'first']);
  });
});
