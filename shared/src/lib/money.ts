/**
 * Georgian money and dates, formatted here rather than by Intl: browsers built without
 * Georgian locale data (Debian's Chromium among them) silently answer 'ka-GE' in English.
 */

const NBSP = '\u00a0';
const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The provider sends money as decimal strings ("1500.00"); customers read Georgian lari
 * ("1 500,00 ₾"). Digits are regrouped as text, never through floating point.
 */
export function formatMoney(amount: string): string {
  const match = MONEY.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${grouped},${fraction.padEnd(2, '0')}${NBSP}₾`;
}

const MONTHS = [
  'იანვარი',
  'თებერვალი',
  'მარტი',
  'აპრილი',
  'მაისი',
  'ივნისი',
  'ივლისი',
  'აგვისტო',
  'სექტემბერი',
  'ოქტომბერი',
  'ნოემბერი',
  'დეკემბერი',
] as const;

/** Georgia keeps UTC+4 all year (no daylight saving since 2005). */
const TBILISI_OFFSET_MS = 4 * 60 * 60 * 1000;

/**
 * ISO dates ("2026-12-10") and timestamps ("2026-09-10T12:00:00+04:00") as Georgian dates
 * ("10 დეკემბერი, 2026"). A calendar date is the same day everywhere; a moment is shown as
 * the day it was in Georgia.
 */
export function formatDate(iso: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const time = Date.parse(dateOnly ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(time)) return iso;
  const day = new Date(dateOnly ? time : time + TBILISI_OFFSET_MS);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}, ${day.getUTCFullYear()}`;
}

/**
 * Money as a whole number of tetri (1 ₾ = 100 tetri) for comparing and adding amounts: exact
 * integer arithmetic on the decimal string's digits, never a float. Null for anything that
 * is not a money string.
 */
export function toTetri(amount: string): number | null {
  const match = MONEY.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const tetri = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(tetri)) return null;
  return sign === '-' ? -tetri : tetri;
}

/** The provider's decimal string ("1500.05") for a whole number of tetri. */
export function fromTetri(tetri: number): string {
  const sign = tetri < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(tetri));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An annual percentage from the provider ("43.35") as Georgians write it ("43,35%"). The
 * contract fixes no number of places ("24.5", "24.000"): two at least, more only when they
 * say something.
 */
export function formatPercent(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) return rate;
  const [, whole = '0', fraction = ''] = match;
  return `${whole},${fraction.replace(/0+$/, '').padEnd(2, '0')}%`;
}
