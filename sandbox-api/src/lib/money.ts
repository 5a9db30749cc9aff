/**
 * Money as whole tetri (1/100 GEL) in bigint: exact arithmetic, no floating point. The API
 * speaks decimal strings with two places ("1500.00").
 */
export type Tetri = bigint;

/** What the API sends for a computed value: its tetri as decimal text, the rest as they are. */
export type MoneyText<T> = { [K in keyof T]: T[K] extends Tetri ? string : T[K] };

export function toTetri(amount: string): Tetri {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a money amount: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -value : value;
}

export function fromTetri(value: Tetri): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Rounds a rational tetri amount (numerator/denominator) half-up to whole tetri. */
export function roundDiv(numerator: bigint, denominator: bigint): Tetri {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

export const minTetri = (a: Tetri, b: Tetri): Tetri => (a < b ? a : b);
