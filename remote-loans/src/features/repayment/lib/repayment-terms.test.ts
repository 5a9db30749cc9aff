import { activeLoan, overdueAnswer, overdueLoan } from '../../../testing/fake-loan-provider';
import { amountOf, availableChoices, parseTypedAmount, repaymentTerms } from './repayment-terms';

describe('repayment terms', () => {
  it('reads an amount typed with a comma or a point, in tetri', () => {
    expect(parseTypedAmount('150')).toBe(15_000);
    expect(parseTypedAmount(' 150,5 ')).toBe(15_050);
    expect(parseTypedAmount('150.05')).toBe(15_005);
    expect(parseTypedAmount('0.1')).toBe(10);
    for (const wrong of ['', ',5', '1,234.5', '1.234', '1 000', '-1', '1e3', '١٢']) {
      expect(parseTypedAmount(wrong)).toBeNull();
    }
  });

  it('bounds an overdue loan from a tetri (v1.1: the penalty is paid first) up to all it owes with the penalty', () => {
    const terms = repaymentTerms(overdueLoan, overdueAnswer);
    expect(terms).toMatchObject({ penalty: 338, min: 1, max: 112_574 + 338, totalDue: 28_482 });
    expect(amountOf('full', terms, '')).toBe(112_912);
    expect(availableChoices(terms)).toEqual(['next', 'overdue', 'full', 'other']);
  });

  it('bounds an active loan from a tetri, with no penalty, whatever loan is overdue', () => {
    const terms = repaymentTerms(activeLoan, overdueAnswer);
    expect(terms).toMatchObject({ penalty: 0, min: 1, max: 54_419, totalDue: null });
    expect(availableChoices(terms)).toEqual(['next', 'full', 'other']);
  });

  it('leaves out a next payment that is all that is owed', () => {
    const last = { ...activeLoan, outstanding: '272.10', next_payment_amount: '272.10' };
    expect(availableChoices(repaymentTerms(last, null))).toEqual(['full', 'other']);
  });
});
