import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';
import { settleUserApplications } from '../../lib/loan-settlement';
import { isClosed, type LoanRecord, loadLoans } from '../../lib/loan-view';

export const loanClosed = () => new HttpError(400, 'loan_closed', 'სესხი დახურულია.');

/**
 * Locks the loan row, so concurrent writes to one loan (repay, payoff, withdraw, a hardship
 * request) run one after another, and reads it again inside the transaction: the second
 * writer sees what the first wrote. Another customer's loan is not found.
 */
export async function lockOpenLoan(tx: Queryable, userId: number, id: number): Promise<LoanRecord> {
  await tx.query('SELECT id FROM loans WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
  const [loan] = await loadLoans(tx, userId, id);
  if (!loan) throw notFound();
  if (isClosed(loan)) throw loanClosed();
  return loan;
}

/**
 * The id of a customer's application or loan named in a path (null: it names none, not found),
 * once their applications are settled: one whose decision is due is no longer pending, and a
 * loan it issued counts.
 */
async function settledId(app: FastifyInstance, userId: number, id: number | null): Promise<number> {
  if (id === null) throw notFound();
  await settleUserApplications(app, userId);
  return id;
}

/** A write to the customer's application or loan `id` (see settledId), in one transaction. */
export async function customersWrite<T>(
  app: FastifyInstance,
  userId: number,
  id: number | null,
  write: (tx: Queryable, id: number) => Promise<T>,
): Promise<T> {
  const settled = await settledId(app, userId, id);
  return app.db.transaction((tx) => write(tx, settled));
}

/** A write to the customer's open loan `id`, holding its lock (see lockOpenLoan). */
export function openLoanWrite<T>(
  app: FastifyInstance,
  userId: number,
  id: number | null,
  write: (tx: Queryable, loan: LoanRecord) => Promise<T>,
): Promise<T> {
  return customersWrite(app, userId, id, async (tx, loanId) =>
    write(tx, await lockOpenLoan(tx, userId, loanId)),
  );
}

/** The customer's loan `id` (see settledId), open or closed. */
export async function customersLoan(
  app: FastifyInstance,
  userId: number,
  id: number | null,
): Promise<LoanRecord> {
  const [loan] = await loadLoans(app.db, userId, await settledId(app, userId, id));
  if (!loan) throw notFound();
  return loan;
}
