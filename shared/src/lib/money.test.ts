import { formatDate, formatMoney, formatPercent, fromTetri, toTetri } from './money';

describe('formatMoney', () => {
  it('shows a decimal string as Georgian lari, grouped, with a decimal comma and ₾', () => {
    expect(formatMoney('1500.00')).toBe('1\u00a0500,00\u00a0₾');
    expect(formatMoney('281.44')).toBe('281,44\u00a0₾');
    expect(formatMoney('1234567.5')).toBe('1\u00a0234\u00a0567,50\u00a0₾');
    expect(formatMoney('0.00')).toBe('0,00\u00a0₾');
  });

  it('keeps every digit of amounts a float would round', () => {
    expect(formatMoney('90071992547409931.99')).toBe(
      '90\u00a0071\u00a0992\u00a0547\u00a0409\u00a0931,99\u00a0₾',
    );
  });

  it('returns the input unchanged when it is not a decimal amount', () => {
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney('12,50')).toBe('12,50');
    expect(formatMoney('')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows an ISO date with the Georgian month name', () => {
    expect(formatDate('2026-11-15')).toBe('15 ნოემბერი, 2026');
    expect(formatDate('2027-01-01')).toBe('1 იანვარი, 2027');
  });

  it('shows a timestamp as the day it was in Georgia, whatever the offset it came with', () => {
    expect(formatDate('2026-09-10T12:00:00+04:00')).toBe('10 სექტემბერი, 2026');
    // 22:30 UTC on 31 December is already 1 January in Tbilisi.
    expect(formatDate('2026-12-31T22:30:00Z')).toBe('1 იანვარი, 2027');
  });

  it('returns the input unchanged when it is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('tetri', () => {
  it('reads decimal strings as whole tetri, exactly', () => {
    expect(toTetri('1500.00')).toBe(150_000);
    expect(toTetri('0.10')).toBe(10);
    expect(toTetri('0.1')).toBe(10);
    expect(toTetri('281.44')).toBe(28_144);
    expect(toTetri('-3.05')).toBe(-305);
    expect(toTetri('12')).toBe(1_200);
  });

  it('refuses what is not money', () => {
    expect(toTetri('')).toBeNull();
    expect(toTetri('12,50')).toBeNull();
    expect(toTetri('1.234')).toBeNull();
    expect(toTetri('90071992547409931.99')).toBeNull();
  });

  it('writes tetri back as the provider spells money', () => {
    expect(fromTetri(150_000)).toBe('1500.00');
    expect(fromTetri(5)).toBe('0.05');
    expect(fromTetri(-305)).toBe('-3.05');
    // 0.1 + 0.2 in floats is 0.30000000000000004; in tetri it is 30.
    expect(fromTetri((toTetri('0.10') ?? 0) + (toTetri('0.20') ?? 0))).toBe('0.30');
  });
});

describe('formatPercent', () => {
  it('writes an annual rate with a decimal comma', () => {
    expect(formatPercent('43.35')).toBe('43,35%');
    expect(formatPercent('24.00')).toBe('24,00%');
    expect(formatPercent('24')).toBe('24,00%');
    expect(formatPercent('n/a')).toBe('n/a');
  });

  it('writes a rate sent with other than two places as two, or as many as it needs', () => {
    expect(formatPercent('24.000')).toBe('24,00%');
    expect(formatPercent('24.5')).toBe('24,50%');
    expect(formatPercent('24.100')).toBe('24,10%');
    expect(formatPercent('24.125')).toBe('24,125%');
  });
});
