import type { Queryable } from '../db/database';
import {
  daysBetween,
  georgianDate,
  type ScheduleRowTetri,
  type ScheduleRowView,
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
  }>(
    `SELECT l.id, l.application_id, l.amount::text AS amount, l.term, l.monthly_payment::text AS monthly_payment,
            l.issued_at, (SELECT max(p.paid_at) FROM payments p WHERE p.loan_id = l.id) AS last_paid_at
       FROM loans l WHERE l.user_id = $1 ${filter}
      ORDER BY l.issued_at DESC, l.id DESC`,
    params,
  );
  if (loans.length === 0) return [];
  const rows = await q.query<{
    loan_id: number;
    number: number;
    date: string;
    principal: string;
    interest: string;
    payment: string;
    balance: string;
    paid_amount: string;
  }>(
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
    rows: byLoan.get(loan.id) ?? [],
  }));
}

const remaining = (row: StoredRow): Tetri => row.payment - row.paid;

export const outstandingOf = (loan: LoanRecord): Tetri =>
  loan.rows.reduce((sum, row) => sum + remaining(row), 0n);

export interface OverdueState {
  /** Georgian date of the oldest unpaid row that fell due before today. */
  since: string;
  days: number;
  amount: Tetri;
  penalty: Tetri;
}

// The daily penalty percent in hundredths of a percent (0.10 → 10): / (100 · 100) per day.
const DAILY_PENALTY = toTetri(PRODUCT.dailyPenaltyPercent);

/**
 * What is overdue on `today` (a Georgian date): the unpaid remainder of every row dated
 * before today. The penalty is overdue amount × daily percent × days; each repayment settles
 * the penalty accrued until then, so it accrues from the later of the oldest overdue due date
 * and the last repayment (with no repayment since falling overdue, days = overdue_days).
 */
export function overdueOf(loan: LoanRecord, today: string): OverdueState | null {
  const late = loan.rows.filter((row) => row.date < today && remaining(row) > 0n);
  const first = late[0];
  if (!first) return null;
  const amount = late.reduce((sum, row) => sum + remaining(row), 0n);
  const accruingSince =
    loan.lastPaymentDate !== null && loan.lastPaymentDate > first.date
      ? loan.lastPaymentDate
      : first.date;
  const penaltyDays = BigInt(daysBetween(accruingSince, today));
  return {
    since: first.date,
    days: daysBetween(first.date, today),
    amount,
    penalty: roundDiv(amount * DAILY_PENALTY * penaltyDays, 10_000n),
  };
}

export type LoanStatus = 'active' | 'overdue' | 'repaid';

export function loanStatusOf(loan: LoanRecord, today: string): LoanStatus {
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
  schedule: (ScheduleRowView & { paid: boolean })[];
}

export function loanView(loan: LoanRecord, today: string): LoanView {
  const next = loan.rows.find((row) => remaining(row) > 0n);
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
    schedule: loan.rows.map((row) => ({
      number: row.number,
      date: row.date,
      principal: fromTetri(row.principal),
      interest: fromTetri(row.interest),
      payment: fromTetri(row.payment),
      balance: fromTetri(row.balance),
      paid: row.paid >= row.payment,
    })),
  };
}

export interface OverdueView {
  loan: number;
  overdue_days: number;
  overdue_amount: string;
  penalty: string;
  total_due: string;
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
  };
}

/**
 * Applies a repayment of `amount` (penalty first, then the rows in order) and returns the new
 * paid amount of each row it touches. The caller has checked penalty ≤ amount ≤ owed.
 */
export function allocateRepayment(
  loan: LoanRecord,
  amount: Tetri,
  penalty: Tetri,
): Map<number, Tetri> {
  let left = amount - penalty;
  const changes = new Map<number, Tetri>();
  for (const row of loan.rows) {
    if (left === 0n) break;
    const take = minTetri(remaining(row), left);
    if (take === 0n) continue;
    changes.set(row.number, row.paid + take);
    left -= take;
  }
  return changes;
}
