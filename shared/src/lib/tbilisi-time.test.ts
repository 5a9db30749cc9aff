import { formatDateTime } from './tbilisi-time';

describe('a moment as the time in Tbilisi', () => {
  it('shows the day and the time there, whatever offset the provider wrote it in', () => {
    expect(formatDateTime('2026-11-10T10:05:00Z')).toBe('10 ნოემბერი, 2026, 14:05');
    expect(formatDateTime('2026-11-10T14:05:00+04:00')).toBe('10 ნოემბერი, 2026, 14:05');
  });

  it('moves to the next day when it is already past midnight in Tbilisi', () => {
    expect(formatDateTime('2026-12-31T21:30:00Z')).toBe('1 იანვარი, 2027, 01:30');
  });

  it('shows a calendar date, or what is not a moment, as formatDate does', () => {
    expect(formatDateTime('2026-12-10')).toBe('10 დეკემბერი, 2026');
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});
