import { formatDate, formatMoney } from './money';

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
