import { isAdult, latestAdultBirthDate, parseIsoDate, todayInGeorgia } from './birth-date';

describe('the registration age rule', () => {
  it('reads only real calendar dates', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('2001-02-29')).toBeNull();
    expect(parseIsoDate('2000-13-01')).toBeNull();
    expect(parseIsoDate('14.05.1990')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });

  it('counts today in Georgia (UTC+4), not on the device’s clock', () => {
    // 21:00 UTC on 21 November is already 01:00 on 22 November in Tbilisi.
    expect(todayInGeorgia(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
    expect(todayInGeorgia(new Date('2026-11-21T19:59:59Z'))).toBe('2026-11-21');
  });

  it('accepts an 18th birthday today and refuses one tomorrow', () => {
    expect(isAdult('2008-11-22', '2026-11-22')).toBe(true);
    expect(isAdult('2008-11-23', '2026-11-22')).toBe(false);
    expect(isAdult('1990-05-14', '2026-11-22')).toBe(true);
  });

  it('lets one born on 29 February come of age on 1 March of a common year', () => {
    expect(isAdult('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdult('2008-02-29', '2026-03-01')).toBe(true);
  });

  it('refuses dates that are not dates', () => {
    expect(isAdult('', '2026-11-22')).toBe(false);
    expect(isAdult('1990-02-30', '2026-11-22')).toBe(false);
  });

  it('offers the latest birth date of age as the date input’s limit', () => {
    expect(latestAdultBirthDate('2026-11-22')).toBe('2008-11-22');
    expect(latestAdultBirthDate('2028-02-29')).toBe('2010-02-28');
    expect(isAdult(latestAdultBirthDate('2028-02-29'), '2028-02-29')).toBe(true);
  });
});
