import { tbilisiToday } from 'shared/lib/tbilisi-today';

/**
 * Calendar arithmetic on ISO dates ("2026-11-25"), in UTC so the day never shifts with the
 * browser's zone: the provider says which day is today, the page only counts from it.
 */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The Tbilisi day of a provider's timestamp, whatever offset it comes with ("…Z" or
 * "…+04:00"): its first ten characters are that day only when the offset is Tbilisi's.
 */
export function tbilisiDateOf(timestamp: string): string | null {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? null : tbilisiToday(new Date(time));
}
