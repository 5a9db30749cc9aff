import { fromTetri, toTetri } from 'shared/lib/money';
import type { LoanRequest } from 'shared/stores/loan-request-store';

/**
 * The calculator moves in whole lari: a slider position, a typed amount and the bounds are
 * integers (exact), and the provider gets them back as money strings ("1500.00").
 */
export interface Bounds {
  min: number;
  max: number;
  terms: number[];
}

/**
 * Where a visitor starts before the provider has said anything: an amount and term inside
 * the product (provider-api.md: the client starts a visitor from values it knows to be inside
 * the product, and reads the bounds of every answer).
 */
export const VISITOR_START: LoanRequest = { amount: '1000.00', term: 12 };

/** Whole lari of a money string, rounded towards the inside of a range. */
export function wholeLari(amount: string, round: 'up' | 'down'): number {
  const tetri = toTetri(amount) ?? 0;
  return round === 'up' ? Math.ceil(tetri / 100) : Math.floor(tetri / 100);
}

export function lariToMoney(lari: number): string {
  return fromTetri(lari * 100);
}

/** The answer's bounds; its terms shortest first (the contract gives the list no order). */
export function boundsOf(answer: { min_amount: string; max_amount: string; terms: number[] }) {
  return {
    min: wholeLari(answer.min_amount, 'up'),
    max: wholeLari(answer.max_amount, 'down'),
    terms: [...answer.terms].sort((a, b) => a - b),
  } satisfies Bounds;
}

/** Digits only: anything else is refused as it is typed. Empty means no amount yet. */
export function readTypedAmount(text: string): { text: string; lari: number | null } | null {
  const trimmed = text.replace(/\s/g, '');
  if (!/^\d*$/.test(trimmed)) return null;
  const withoutZeros = trimmed.replace(/^0+(?=\d)/, '');
  return { text: withoutZeros, lari: withoutZeros === '' ? null : Number(withoutZeros) };
}

export function clampLari(lari: number, bounds: Bounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, lari));
}

/** A slider step that gives a few hundred positions at most, in round lari. */
export function sliderStep(bounds: Bounds): number {
  const span = bounds.max - bounds.min;
  if (span <= 1_000) return 10;
  if (span <= 5_000) return 50;
  return 100;
}

/** The term to offer: the one asked for when allowed, else 12 months, else the longest. */
export function pickTerm(wanted: number, terms: readonly number[]): number {
  if (terms.includes(wanted)) return wanted;
  if (terms.includes(VISITOR_START.term)) return VISITOR_START.term;
  return terms.length > 0 ? Math.max(...terms) : wanted;
}

/**
 * A customer starts from their loan limit (provider-api.md): the draft, or the visitor's
 * start, brought inside the limit's amount and terms.
 */
export function startWithinLimit(
  draft: LoanRequest,
  limit: { amount_limit: string; term_limit: number[] } | undefined,
): LoanRequest {
  if (!limit) return draft;
  const maxLari = wholeLari(limit.amount_limit, 'down');
  const lari = Math.min(wholeLari(draft.amount, 'down'), maxLari);
  return { amount: lariToMoney(lari), term: pickTerm(draft.term, limit.term_limit) };
}
