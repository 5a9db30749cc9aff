import { choiceWithin, readRequestedChoice } from './requested-choice';

const bounds = { min: 100, max: 5000, terms: [3, 6, 12, 24] };
const read = (query: string) => readRequestedChoice(new URLSearchParams(query));

describe('readRequestedChoice', () => {
  it('reads the amount in whole lari and the term in months', () => {
    expect(read('amount=1500&term=6')).toEqual({ lari: 1500, term: 6 });
  });

  it('names no choice without an amount in digits', () => {
    expect(read('')).toBeUndefined();
    expect(read('amount=')).toBeUndefined();
    expect(read('amount=15a0&term=6')).toBeUndefined();
  });

  it('leaves a term that is not a whole number of months to the product', () => {
    expect(read('amount=1500&term=x')).toEqual({ lari: 1500, term: undefined });
    expect(read('amount=1500&term=-3')).toEqual({ lari: 1500, term: undefined });
  });
});

describe('choiceWithin', () => {
  it('keeps a choice inside the bounds as money', () => {
    expect(choiceWithin({ lari: 1500, term: 6 }, bounds)).toEqual({ amount: '1500.00', term: 6 });
  });

  it('brings an amount outside the bounds to the nearest end', () => {
    expect(choiceWithin({ lari: 99_999_999, term: 6 }, bounds).amount).toBe('5000.00');
    expect(choiceWithin({ lari: 5, term: 6 }, bounds).amount).toBe('100.00');
  });

  it('offers the usual term for one the product does not have', () => {
    expect(choiceWithin({ lari: 1500, term: 7 }, bounds).term).toBe(12);
    expect(choiceWithin({ lari: 1500, term: undefined }, bounds).term).toBe(12);
  });
});
