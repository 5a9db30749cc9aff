import { type KeyTerms, keyTermsOf, type PlanFigures } from './key-terms';
import { fromTetri, type MoneyText, minTetri, roundDiv, type Tetri, toTetri } from './money';
import { PRODUCT } from './products';
import type { Limit } from './verification';

/** Georgia keeps UTC+4 all year (no DST since 2005), so a fixed offset is exact. */
const TBILISI_OFFSET_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date in Tbilisi at `instant`, as ISO text ("2026-11-22"). */
export function georgianDate(instant: Date): string {
  return new Date(instant.getTime() + TBILISI_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes since midnight in Tbilisi at `instant` (10:00 is 600). */
export function tbilisiMinutes(instant: Date): number {
  return Math.floor(((instant.getTime() + TBILISI_OFFSET_MS) % DAY_MS) / 60_000);
}

/** The instant a Tbilisi wall-clock time (`HH:MM`) is on `isoDate`. */
export const tbilisiInstant = (isoDate: string, time: string): Date =>
  new Date(`${isoDate}T${time}:00+04:00`);

function parseIsoDate(isoDate: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`not an ISO date: ${isoDate}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The same day of the month `months` later, clamped to the month's last day (31 Jan → 28 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = parseIsoDate(isoDate);
  const index = month - 1 + months;
  const targetYear = year + Math.floor(index / 12);
  const targetMonth = ((index % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)))
    .toISOString()
    .slice(0, 10);
}

/** Whole days from one ISO date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parseIsoDate(from);
  const [ty, tm, td] = parseIsoDate(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS);
}

export interface ScheduleRowTetri {
  number: number;
  date: string;
  principal: Tetri;
  interest: Tetri;
  payment: Tetri;
  balance: Tetri;
}

export interface LoanPlan extends PlanFigures {
  schedule: ScheduleRowTetri[];
}

// Rates are percent with two places; as "tetri" they are hundredths of a percent (24.00 → 2400).
const ANNUAL_RATE = toTetri(PRODUCT.nominalAnnualRate);
const FEE_PERCENT = toTetri(PRODUCT.serviceFeePercent);
const MONTHLY_RATE = Number(ANNUAL_RATE) / 10_000 / 12;

/** Annuity payment rounded to tetri: floating point is used for the power only. */
function annuityPayment(amount: Tetri, term: number): Tetri {
  if (MONTHLY_RATE === 0) return roundDiv(amount, BigInt(term));
  const payment = (Number(amount) * MONTHLY_RATE) / (1 - (1 + MONTHLY_RATE) ** -term);
  return BigInt(Math.round(payment));
}

/**
 * Monthly internal rate of return of the customer's cash flows: `received` at t0, then each
 * payment a month apart. Bisection: the present value falls monotonically with the rate.
 */
function monthlyIrr(received: number, payments: readonly number[]): number {
  const presentValue = (rate: number) =>
    payments.reduce((sum, payment, index) => sum + payment / (1 + rate) ** (index + 1), 0);
  let low = 0;
  let high = 1;
  for (let step = 0; step < 200 && high - low > 1e-15; step++) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > received) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * The repayment plan of `amount` (tetri) over `term` months starting on `startDate`: annuity
 * rows rounded to tetri, interest on the remaining balance each month, the last row taking
 * the rounding so the balance ends at exactly zero.
 */
export function planLoan(amount: Tetri, term: number, startDate: string): LoanPlan {
  const monthlyPayment = annuityPayment(amount, term);
  const schedule: ScheduleRowTetri[] = [];
  let balance = amount;
  for (let number = 1; number <= term; number++) {
    // ANNUAL_RATE is in hundredths of a percent per year: / (100 · 100 · 12) per month.
    const interest = roundDiv(balance * ANNUAL_RATE, 120_000n);
    const principal = number === term ? balance : monthlyPayment - interest;
    balance -= principal;
    schedule.push({
      number,
      date: addMonths(startDate, number),
      principal,
      interest,
      payment: principal + interest,
      balance,
    });
  }
  const totalPayment = schedule.reduce((sum, row) => sum + row.payment, 0n);
  const serviceFee = roundDiv(amount * FEE_PERCENT, 10_000n);
  const irr = monthlyIrr(
    Number(amount - serviceFee),
    schedule.map((row) => Number(row.payment)),
  );
  const effective = ((1 + irr) ** 12 - 1) * 100;
  return {
    amount,
    term,
    monthlyPayment,
    serviceFee,
    totalPayment,
    totalInterest: totalPayment - amount,
    effectiveRate: (Math.round(effective * 100) / 100).toFixed(2),
    schedule,
  };
}

export interface Bounds {
  min_amount: string;
  max_amount: string;
  terms: number[];
}

/** The product's bounds, narrowed by the caller's limit when there is one. */
export function boundsFor(limit: Limit | null): Bounds {
  const productMax = toTetri(PRODUCT.maxAmount);
  if (!limit) {
    return {
      min_amount: PRODUCT.minAmount,
      max_amount: PRODUCT.maxAmount,
      terms: [...PRODUCT.terms],
    };
  }
  const limitAmount = toTetri(limit.amount_limit);
  return {
    min_amount: PRODUCT.minAmount,
    max_amount: fromTetri(minTetri(limitAmount, productMax)),
    terms: PRODUCT.terms.filter((term) => limit.term_limit.includes(term)),
  };
}

/** A schedule row as the API sends it: the computed row, so the two cannot list different fields. */
export type ScheduleRowView = MoneyText<ScheduleRowTetri>;

export function scheduleRowView(row: ScheduleRowTetri): ScheduleRowView {
  return {
    number: row.number,
    date: row.date,
    principal: fromTetri(row.principal),
    interest: fromTetri(row.interest),
    payment: fromTetri(row.payment),
    balance: fromTetri(row.balance),
  };
}

/** The calculator's answer: the offer's key terms, the bounds it was judged by, the schedule. */
export interface CalculationView extends KeyTerms, Bounds {
  schedule: ScheduleRowView[];
}

export function calculationView(plan: LoanPlan, bounds: Bounds): CalculationView {
  return {
    ...keyTermsOf(plan),
    min_amount: bounds.min_amount,
    max_amount: bounds.max_amount,
    terms: bounds.terms,
    schedule: plan.schedule.map(scheduleRowView),
  };
}

/** Field errors for an amount or term outside `bounds`, in DRF's shape; empty when both fit. */
export function boundsErrors(
  amount: Tetri,
  term: number,
  bounds: Bounds,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (amount < toTetri(bounds.min_amount)) {
    errors.amount = [`თანხა უნდა იყოს არანაკლებ ${bounds.min_amount} ლარისა.`];
  } else if (amount > toTetri(bounds.max_amount)) {
    errors.amount = [`თანხა არ უნდა აღემატებოდეს ${bounds.max_amount} ლარს.`];
  }
  if (!bounds.terms.includes(term)) {
    errors.term = [
      bounds.terms.length > 0
        ? `ვადა უნდა იყოს ერთ-ერთი შემდეგიდან: ${bounds.terms.join(', ')} თვე.`
        : 'სესხის ვადა ამჟამად ხელმისაწვდომი არ არის.',
    ];
  }
  return errors;
}
