import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { georgianDate } from './calculator';
import { fieldError } from './http-errors';
import {
  allocateRepayment,
  type LoanRecord,
  outstandingOf,
  payoffQuote,
  penaltyDueOf,
  withdrawalQuote,
} from './loan-view';
import { fromTetri, type Tetri } from './money';
import { type PaymentSource, recordPayment } from './payments';

/**
 * What repay, payoff and withdraw write, at `now`, to an open loan the caller has locked and
 * read inside its transaction (and whose request it has checked). The routes and the seed's
 * history both write through here, so a seeded payment is one the API could have made.
 */

/** Closes a loan at `now`: repaid (by a payment or a payoff) or withdrawn. */
async function closeLoan(
  tx: Queryable,
  id: number,
  as: 'repaid' | 'withdrawn',
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE loans SET penalty_carried = 0, closed_at = $2::timestamptz, closed_as = $3 WHERE id = $1`,
    [id, now.toISOString(), as],
  );
}

/** The maximum a repayment takes on `today`: everything outstanding plus the penalty due. */
export const repayableOf = (loan: LoanRecord, today: string): Tetri =>
  outstandingOf(loan) + penaltyDueOf(loan, today);

/**
 * The amount a repayment takes on `today` (repay/, and a repayment's payment order): 0.01 up
 * to what is repayable, else a field error under `amount`.
 */
export function checkRepaymentAmount(loan: LoanRecord, amount: Tetri, today: string): void {
  if (amount <= 0n) throw fieldError('amount', 'თანხა უნდა იყოს ნულზე მეტი.');
  const repayable = repayableOf(loan, today);
  if (amount > repayable) {
    throw fieldError(
      'amount',
      `თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (${fromTetri(repayable)} ლარი).`,
    );
  }
}

/** repay/ and payoff/: money the provider takes itself, paid by no order. */
const DIRECT = { order: null } as const;

/**
 * A repayment of `amount` (0 < amount ≤ repayable): the penalty due first, then the rows,
 * each row's interest before its principal; what it leaves of the penalty is carried. Paying
 * everything closes the loan at the payment's time. A payment order's outcome (v1.3) is
 * applied here too, naming the order (and, for an automatic charge, its kind).
 */
export async function applyRepayment(
  app: FastifyInstance,
  tx: Queryable,
  loan: LoanRecord,
  amount: Tetri,
  now: Date,
  source: PaymentSource = { kind: 'repayment', ...DIRECT },
): Promise<void> {
  const today = georgianDate(now);
  const penalty = penaltyDueOf(loan, today);
  const allocation = allocateRepayment(loan, amount, penalty);
  for (const [number, paid] of allocation.rows) {
    await tx.query('UPDATE loan_schedule SET paid_amount = $3 WHERE loan_id = $1 AND number = $2', [
      loan.id,
      number,
      fromTetri(paid),
    ]);
  }
  if (amount === repayableOf(loan, today)) {
    await closeLoan(tx, loan.id, 'repaid', now);
  } else {
    await tx.query('UPDATE loans SET penalty_carried = $2 WHERE id = $1', [
      loan.id,
      fromTetri(allocation.penaltyLeft),
    ]);
  }
  await recordPayment(app, tx, loan.id, source, allocation.split, now);
}

/**
 * A payoff: pays its quote's total, split as quoted, and every row shows as paid. The quote is
 * today's, or for a payment order (v1.3) the one of the day it was created: the order keeps
 * that amount whenever the bank decides (the loan could not change meanwhile).
 */
export async function applyPayoff(
  app: FastifyInstance,
  tx: Queryable,
  loan: LoanRecord,
  now: Date,
  { order, quoteDate }: { order: number | null; quoteDate?: string } = DIRECT,
): Promise<void> {
  const quote = payoffQuote(loan, quoteDate ?? georgianDate(now));
  await tx.query('UPDATE loan_schedule SET paid_amount = payment WHERE loan_id = $1', [loan.id]);
  await closeLoan(tx, loan.id, 'repaid', now);
  await recordPayment(
    app,
    tx,
    loan.id,
    { kind: 'payoff', order },
    { penalty: quote.penalty, interest: quote.interest, principal: quote.principal },
    now,
  );
}

/**
 * A withdrawal: the loan is withdrawn and what the customer returns is kept on it. It is not a
 * payment (v1.2), and nothing is kept when the lender owes them instead.
 */
export async function applyWithdrawal(tx: Queryable, loan: LoanRecord, now: Date): Promise<void> {
  const quote = withdrawalQuote(loan, georgianDate(now));
  await closeLoan(tx, loan.id, 'withdrawn', now);
  if (quote.amountToReturn > 0n) {
    await tx.query('UPDATE loans SET withdrawal_returned = $2 WHERE id = $1', [
      loan.id,
      fromTetri(quote.amountToReturn),
    ]);
  }
}
