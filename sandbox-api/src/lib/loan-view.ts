import type { Queryable, Row } from '../db/database';
import {
  daysBetween,
  georgianDate,
  type ScheduleRowTetri,
  type ScheduleRowView,
  scheduleRowView,
} from './calculator';
import { fromTetri, minTetri, roundDiv, type Tetri, toTetri } from './money';
import { PRODUCT } from './products';

/** A schedule row as stored: the calculator's row plus what has been paid towards it. */
export interface StoredRow extends ScheduleRowTetri {
  paid: Tetri;
}

/** A loan as stored: its schedule with what has been paid towards each row. */
export interface LoanRecord {
  id: number;
  applicationId: number;
  amount: string;
  term: number;
  monthlyPayment: string;
  issuedAt: Date;
  /** Georgian date of the newest repayment, or null. */
  lastPaymentDate: string | null;
  /** Everything paid towards the loan so far (penalties and a withdrawal's return included). */
  repaid: Tetri;
  /** What the last payment left of the penalty due then (v1.1: carried, not forgiven). */
  penaltyCarried: Tetri;
  closedAt: Date | null;
  closedAs: 'repaid' | 'withdrawn' | null;
  rows: StoredRow[];
}

/** The user's loans, newest first, or the one with `loanId` (an empty list when not theirs). */
export async function loadLoans(
  q: Queryable,
  userId: number,
  loanId?: number,
): Promise<LoanRecord[]> {
  const filter = loanId === undefined ? '' : 'AND l.id = $2';
  const params = loanId === undefined ? [userId] : [userId, loanId];
  const loans = await q.query<{
    id: number;
    application_id: number;
    amount: string;
    term: number;
    monthly_payment: string;
    issued_at: Date | string;
    last_paid_at: Date | string | null;
    repaid: string;
    penalty_carried: string;
    closed_at: Date | string | null;
    closed_as: 'repaid' | 'withdrawn' | null;
  }>(
    `SELECT l.id, l.application_id, l.amount::text AS amount, l.term, l.monthly_payment::text AS monthly_payment,
            l.issued_at, (SELECT max(p.paid_at) FROM payments p WHERE p.loan_id = l.id) AS last_paid_at,
            ((SELECT COALESCE(sum(p.amount), 0) FROM payments p WHERE p.loan_id = l.id)
              + l.withdrawal_returned)::text AS repaid,
            l.penalty_carried::text AS penalty_carried, l.closed_at, l.closed_as
       FROM loans l WHERE l.user_id = $1 ${filter}
      ORDER BY l.issued_at DESC, l.id DESC`,
    params,
  );
  if (loans.length === 0) return [];
  // The columns come back as the decimal strings a schedule row shows.
  const rows = await q.query<ScheduleRowView & { loan_id: number; paid_amount: string } & Row>(
    `SELECT s.loan_id, s.number, s.date::text AS date, s.principal::text AS principal, s.interest::text AS interest,
            s.payment::text AS payment, s.balance::text AS balance, s.paid_amount::text AS paid_amount
       FROM loan_schedule s JOIN loans l ON l.id = s.loan_id
      WHERE l.user_id = $1 ${filter}
      ORDER BY s.loan_id, s.number`,
    params,
  );
  const byLoan = new Map<number, StoredRow[]>();
  for (const row of rows) {
    const list = byLoan.get(row.loan_id) ?? [];
    list.push({
      number: row.number,
      date: row.date,
      principal: toTetri(row.principal),
      interest: toTetri(row.interest),
      payment: toTetri(row.payment),
      balance: toTetri(row.balance),
      paid: toTetri(row.paid_amount),
    });
    byLoan.set(row.loan_id, list);
  }
  return loans.map((loan) => ({
    id: loan.id,
    applicationId: loan.application_id,
    amount: loan.amount,
    term: loan.term,
    monthlyPayment: loan.monthly_payment,
    issuedAt: new Date(loan.issued_at),
    lastPaymentDate: loan.last_paid_at === null ? null : georgianDate(new Date(loan.last_paid_at)),
    repaid: toTetri(loan.repaid),
    penaltyCarried: toTetri(loan.penalty_carried),
    closedAt: loan.closed_at === null ? null : new Date(loan.closed_at),
    closedAs: loan.closed_as,
    rows: byLoan.get(loan.id) ?? [],
  }));
}

export const remaining = (row: StoredRow): Tetri => row.payment - row.paid;
/** Within a row a payment covers its interest before its principal. */
export const remainingInterest = (row: StoredRow): Tetri =>
  row.paid >= row.interest ? 0n : row.interest - row.paid;
export const remainingPrincipal = (row: StoredRow): Tetri =>
  remaining(row) - remainingInterest(row);

export const outstandingOf = (loan: LoanRecord): Tetri =>
  loan.closedAs === 'withdrawn' ? 0n : loan.rows.reduce((sum, row) => sum + remaining(row), 0n);

export const isClosed = (loan: LoanRecord): boolean => loan.closedAs !== null;

/** The Georgian date `days` after `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Georgian (Tbilisi) issue date plus 14 days: the last day a withdrawal is accepted. */
export const withdrawalUntil = (loan: LoanRecord): string =>
  addDays(georgianDate(loan.issuedAt), WITHDRAWAL_DAYS);

export const WITHDRAWAL_DAYS = 14;

export interface OverdueState {
  /** Georgian date of the oldest unpaid row that fell due before today. */
  since: string;
  days: number;
  amount: Tetri;
  /** The penalty due: what was carried plus what accrued since. */
  penalty: Tetri;
  /** Days the penalty has been accruing on `amount` since it last restarted. */
  penaltyDays: bigint;
}

// The daily penalty percent in hundredths of a percent (0.10 → 10): / (100 · 100) per day.
const DAILY_PENALTY = toTetri(PRODUCT.dailyPenaltyPercent);
// The nominal annual rate in hundredths of a percent (24.00 → 2400): / (100 · 100 · 365) per day.
const ANNUAL_RATE = toTetri(PRODUCT.nominalAnnualRate);
const FEE_PERCENT = toTetri(PRODUCT.serviceFeePercent);

/** The penalty `days` of lateness add to an overdue `amount`, rounded once. */
const accruedPenalty = (amount: Tetri, days: bigint): Tetri =>
  roundDiv(amount * DAILY_PENALTY * days, 10_000n);

/**
 * What is overdue on `today` (a Georgian date): the unpaid remainder of every row dated
 * before today. The penalty due is what the last payment left of it (carried) plus overdue
 * amount × daily percent × days, accruing from the later of the oldest overdue due date and
 * the last payment (v1.1: the penalty grows again from a payment's day on what is still
 * overdue). A closed loan is never overdue.
 */
export function overdueOf(loan: LoanRecord, today: string): OverdueState | null {
  if (isClosed(loan)) return null;
  const late = loan.rows.filter((row) => row.date < today && remaining(row) > 0n);
  const first = late[0];
  if (!first) return null;
  const amount = late.reduce((sum, row) => sum + remaining(row), 0n);
  const accruingSince =
    loan.lastPaymentDate !== null && loan.lastPaymentDate > first.date
      ? loan.lastPaymentDate
      : first.date;
  const penaltyDays = BigInt(Math.max(0, daysBetween(accruingSince, today)));
  return {
    since: first.date,
    days: daysBetween(first.date, today),
    amount,
    penalty: loan.penaltyCarried + accruedPenalty(amount, penaltyDays),
    penaltyDays,
  };
}

/**
 * What one more day adds to the penalty at today's overdue amount (v1.2): exactly the
 * difference tomorrow's penalty will show if nothing is paid and no further row falls due,
 * so the figure the client shows and the next day's penalty agree to the tetri.
 */
export const penaltyPerDayOf = (state: OverdueState): Tetri =>
  accruedPenalty(state.amount, state.penaltyDays + 1n) -
  accruedPenalty(state.amount, state.penaltyDays);

/** The penalty due on `today` (a carried penalty stays due even with nothing overdue). */
export const penaltyDueOf = (loan: LoanRecord, today: string): Tetri =>
  isClosed(loan) ? 0n : (overdueOf(loan, today)?.penalty ?? loan.penaltyCarried);

export type LoanStatus = 'active' | 'overdue' | 'repaid' | 'withdrawn';

export function loanStatusOf(loan: LoanRecord, today: string): LoanStatus {
  if (loan.closedAs) return loan.closedAs;
  if (outstandingOf(loan) === 0n) return 'repaid';
  return overdueOf(loan, today) ? 'overdue' : 'active';
}

export interface LoanView {
  id: number;
  application: number;
  amount: string;
  term: number;
  status: LoanStatus;
  issued_at: string;
  monthly_payment: string;
  outstanding: string;
  next_payment_date: string | null;
  next_payment_amount: string | null;
  withdrawal_until: string;
  closed_at: string | null;
  schedule: (ScheduleRowView & { paid: boolean })[];
}

export function loanView(loan: LoanRecord, today: string): LoanView {
  const next = isClosed(loan) ? undefined : loan.rows.find((row) => remaining(row) > 0n);
  return {
    id: loan.id,
    application: loan.applicationId,
    amount: loan.amount,
    term: loan.term,
    status: loanStatusOf(loan, today),
    issued_at: loan.issuedAt.toISOString(),
    monthly_payment: loan.monthlyPayment,
    outstanding: fromTetri(outstandingOf(loan)),
    next_payment_date: next ? next.date : null,
    next_payment_amount: next ? fromTetri(remaining(next)) : null,
    withdrawal_until: withdrawalUntil(loan),
    closed_at: loan.closedAt ? loan.closedAt.toISOString() : null,
    schedule: loan.rows.map((row) => ({ ...scheduleRowView(row), paid: row.paid >= row.payment })),
  };
}

export interface OverdueView {
  loan: number;
  overdue_days: number;
  overdue_amount: string;
  penalty: string;
  total_due: string;
  /** v1.2: the daily penalty, percent of the overdue amount, and what one more day adds. */
  penalty_rate: string;
  penalty_per_day: string;
}

/** The loan that has been overdue longest (oldest unpaid due date, then lowest id), or null. */
export function oldestOverdue(loans: readonly LoanRecord[], today: string): OverdueView | null {
  let best: { loan: LoanRecord; state: OverdueState } | null = null;
  for (const loan of loans) {
    const state = overdueOf(loan, today);
    if (!state) continue;
    if (
      !best ||
      state.since < best.state.since ||
      (state.since === best.state.since && loan.id < best.loan.id)
    ) {
      best = { loan, state };
    }
  }
  if (!best) return null;
  return {
    loan: best.loan.id,
    overdue_days: best.state.days,
    overdue_amount: fromTetri(best.state.amount),
    penalty: fromTetri(best.state.penalty),
    total_due: fromTetri(best.state.amount + best.state.penalty),
    penalty_rate: PRODUCT.dailyPenaltyPercent,
    penalty_per_day: fromTetri(penaltyPerDayOf(best.state)),
  };
}

/** How a payment was applied (v1.2's Payment): the parts add up to its amount. */
export interface PaymentSplit {
  penalty: Tetri;
  interest: Tetri;
  principal: Tetri;
}

export interface Allocation {
  /** What the payment leaves of the penalty due. */
  penaltyLeft: Tetri;
  /** The new paid amount of each row it touches. */
  rows: Map<number, Tetri>;
  /** Where the money went: the penalty, then each row's interest before its principal. */
  split: PaymentSplit;
}

/**
 * Applies a repayment of `amount` (v1.1: the penalty due first, then the rows oldest first;
 * a row's interest before its principal, which the paid amount expresses by itself). The
 * caller has checked 0 < amount ≤ outstanding + penalty.
 */
export function allocateRepayment(loan: LoanRecord, amount: Tetri, penalty: Tetri): Allocation {
  const toPenalty = minTetri(amount, penalty);
  let left = amount - toPenalty;
  let interest = 0n;
  const rows = new Map<number, Tetri>();
  for (const row of loan.rows) {
    if (left === 0n) break;
    const take = minTetri(remaining(row), left);
    if (take === 0n) continue;
    // The part of `take` below the row's interest is interest; a row's paid amount covers its
    // interest first.
    interest += minTetri(row.paid + take, row.interest) - minTetri(row.paid, row.interest);
    rows.set(row.number, row.paid + take);
    left -= take;
  }
  const principal = amount - toPenalty - left - interest;
  return {
    penaltyLeft: penalty - toPenalty,
    rows,
    split: { penalty: toPenalty, interest, principal },
  };
}

export interface PayoffQuote {
  loan: number;
  date: string;
  principal: Tetri;
  interest: Tetri;
  penalty: Tetri;
  total: Tetri;
  scheduledRemaining: Tetri;
  interestSaved: Tetri;
}

/**
 * What paying the whole loan off on `date` (a Georgian date) costs (decision 021). A row is
 * due when its date ≤ `date`. Principal: all principal still owed. Interest: the unpaid
 * interest of due rows, plus interest at the nominal rate (actual/365) on the principal of
 * the rows not yet due, from the last due row's date (or the issue date) to `date`, rounded
 * once, less what was already paid ahead towards those rows' interest (never below zero).
 * Penalty: the penalty due on `date`.
 */
export function payoffQuote(loan: LoanRecord, date: string): PayoffQuote {
  const due = loan.rows.filter((row) => row.date <= date);
  const notDue = loan.rows.filter((row) => row.date > date);
  const principal = loan.rows.reduce((sum, row) => sum + remainingPrincipal(row), 0n);
  const dueInterest = due.reduce((sum, row) => sum + remainingInterest(row), 0n);
  const notDuePrincipal = notDue.reduce((sum, row) => sum + remainingPrincipal(row), 0n);
  const prepaidInterest = notDue.reduce(
    (sum, row) => sum + (row.interest - remainingInterest(row)),
    0n,
  );
  const from = due.at(-1)?.date ?? georgianDate(loan.issuedAt);
  const days = BigInt(Math.max(0, daysBetween(from, date)));
  const accrued = roundDiv(notDuePrincipal * ANNUAL_RATE * days, 10_000n * 365n);
  const accrual = accrued > prepaidInterest ? accrued - prepaidInterest : 0n;
  const interest = dueInterest + accrual;
  const penalty = penaltyDueOf(loan, date);
  const total = principal + interest + penalty;
  const scheduledRemaining = loan.rows.reduce((sum, row) => sum + remaining(row), 0n);
  return {
    loan: loan.id,
    date,
    principal,
    interest,
    penalty,
    total,
    scheduledRemaining,
    interestSaved: scheduledRemaining + penalty - total,
  };
}

export interface WithdrawalQuote {
  loan: number;
  available: boolean;
  until: string;
  amountToReturn: Tetri;
  interest: Tetri;
  feeRefunded: Tetri;
}

/**
 * What withdrawing on `today` takes (decision 021): the amount received (amount less the
 * service fee withheld at issue, which is refunded) plus interest at the nominal rate
 * (actual/365) on it for the days since the issue date, less everything repaid so far (the
 * result is negative when the customer has paid more: the provider owes them that).
 */
export function withdrawalQuote(loan: LoanRecord, today: string): WithdrawalQuote {
  const amount = toTetri(loan.amount);
  const feeRefunded = roundDiv(amount * FEE_PERCENT, 10_000n);
  const received = amount - feeRefunded;
  const days = BigInt(Math.max(0, daysBetween(georgianDate(loan.issuedAt), today)));
  const interest = roundDiv(received * ANNUAL_RATE * days, 10_000n * 365n);
  const until = withdrawalUntil(loan);
  return {
    loan: loan.id,
    available: !isClosed(loan) && today <= until,
    until,
    amountToReturn: received + interest - loan.repaid,
    interest,
    feeRefunded,
  };
}
