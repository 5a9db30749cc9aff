import { formatDate } from 'shared/lib/money';

/** Georgia keeps UTC+4 all year (no daylight saving since 2005). */
const TBILISI_OFFSET_MS = 4 * 60 * 60 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment ("2026-11-10T10:05:00Z") as its day and time in Tbilisi ("10 ნოემბერი, 2026,
 * 14:05"), wherever the page is read: a receipt says when the money was paid where it was
 * paid. A calendar date, or anything that is not a moment, is shown as `formatDate` shows it.
 *
 * A module of its own, not an export of `money`: a slice released with it uses its own copy
 * against a host whose `money` predates it (decision 019).
 */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDate(iso);
  const local = new Date(time + TBILISI_OFFSET_MS);
  return `${formatDate(iso)}, ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
}
