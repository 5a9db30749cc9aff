/** Registration is for adults (18 and over); the age is counted on Georgia's calendar. */
export const ADULT_AGE = 18;

/** Georgia keeps UTC+4 all year (no daylight saving since 2005). */
const GEORGIA_OFFSET_MS = 4 * 60 * 60 * 1000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** A real calendar date in YYYY-MM-DD (no 2001-02-29), or null. */
export function parseIsoDate(iso: string): CalendarDay | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const toIso = ({ year, month, day }: CalendarDay) =>
  `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** Today's date in Georgia, whatever the device's time zone. */
export function todayInGeorgia(now: Date = new Date()): string {
  const shifted = new Date(now.getTime() + GEORGIA_OFFSET_MS);
  return toIso({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

const order = (a: CalendarDay, b: CalendarDay) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * True when someone born on `birthIso` has had their 18th birthday by `todayIso`. Compared
 * as calendar fields, so one born on 29 February comes of age on 1 March in other years.
 */
export function isAdult(birthIso: string, todayIso: string): boolean {
  const birth = parseIsoDate(birthIso);
  const today = parseIsoDate(todayIso);
  if (!birth || !today) return false;
  return order({ ...birth, year: birth.year + ADULT_AGE }, today) <= 0;
}

/** The latest birth date that is of age on `todayIso`: the date input's `max`. */
export function latestAdultBirthDate(todayIso: string): string {
  const today = parseIsoDate(todayIso);
  if (!today) return todayIso;
  const year = today.year - ADULT_AGE;
  // 29 February has no twin in a common year; the day before 1 March is the last of age.
  const day =
    today.month === 2 && today.day === 29 && !parseIsoDate(`${year}-02-29`) ? 28 : today.day;
  return toIso({ year, month: today.month, day });
}
