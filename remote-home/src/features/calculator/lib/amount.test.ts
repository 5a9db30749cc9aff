import {
  boundsOf,
  clampLari,
  lariToMoney,
  pickTerm,
  readTypedAmount,
  sliderStep,
  startWithinLimit,
  wholeLari,
} from './amount';

describe('calculator amounts', () => {
  it('reads the provider bounds as whole lari inside the range', () => {
    expect(boundsOf({ min_amount: '100.50', max_amount: '2999.99', terms: [3] })).toEqual({
      min: 101,
      max: 2999,
      terms: [3],
    });
    expect(wholeLari('500.00', 'down')).toBe(500);
    expect(lariToMoney(1500)).toBe('1500.00');
  });

  it('accepts digits only, and an empty field as no amount', () => {
    expect(readTypedAmount('1500')).toEqual({ text: '1500', lari: 1500 });
    expect(readTypedAmount('1 500')).toEqual({ text: '1500', lari: 1500 });
    expect(readTypedAmount('007')).toEqual({ text: '7', lari: 7 });
    expect(readTypedAmount('')).toEqual({ text: '', lari: null });
    expect(readTypedAmount('15a')).toBeNull();
    expect(readTypedAmount('1500.5')).toBeNull();
    expect(readTypedAmount('-5')).toBeNull();
  });

  it('brings an amount into range', () => {
    const bounds = { min: 100, max: 500, terms: [3] };
    expect(clampLari(50, bounds)).toBe(100);
    expect(clampLari(900, bounds)).toBe(500);
    expect(clampLari(250, bounds)).toBe(250);
    expect(sliderStep(bounds)).toBe(10);
    expect(sliderStep({ min: 100, max: 10_000, terms: [] })).toBe(100);
  });

  it('starts a customer inside the limit', () => {
    const limit = { amount_limit: '500.00', term_limit: [3] };
    expect(startWithinLimit({ amount: '1000.00', term: 12 }, limit)).toEqual({
      amount: '500.00',
      term: 3,
    });
    expect(
      startWithinLimit(
        { amount: '300.00', term: 6 },
        { amount_limit: '5000.00', term_limit: [3, 6] },
      ),
    ).toEqual({ amount: '300.00', term: 6 });
    expect(startWithinLimit({ amount: '300.00', term: 6 }, undefined)).toEqual({
      amount: '300.00',
      term: 6,
    });
    expect(pickTerm(9, [3, 6, 12, 24])).toBe(12);
    expect(pickTerm(9, [3, 6])).toBe(6);
  });

  it('lists the terms shortest first whatever order the provider sends them in', () => {
    const bounds = boundsOf({ min_amount: '100.00', max_amount: '5000.00', terms: [24, 3, 9, 6] });
    expect(bounds.terms).toEqual([3, 6, 9, 24]);
  });

  it('falls back to the longest term, not the last one listed, when the usual one is missing', () => {
    expect(pickTerm(9, [24, 3, 6])).toBe(24);
    expect(
      startWithinLimit(
        { amount: '300.00', term: 9 },
        { amount_limit: '5000.00', term_limit: [6, 3] },
      ),
    ).toEqual({ amount: '300.00', term: 6 });
  });
});
