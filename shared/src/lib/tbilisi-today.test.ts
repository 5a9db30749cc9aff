import { tbilisiToday } from './tbilisi-today';

describe('tbilisiToday', () => {
  it('is already tomorrow in Tbilisi (UTC+4) at 21:00 UTC', () => {
    expect(tbilisiToday(new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-26');
  });

  it('is still today just before Tbilisi’s midnight', () => {
    expect(tbilisiToday(new Date('2026-11-25T19:59:59Z'))).toBe('2026-11-25');
  });
});
