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

/** The customer's loan `id`, after settling their applications (a loan just issued counts). */
export async function customersLoan(
  app: FastifyInstance,
  userId: number,
  id: number | null,
): Promise<LoanRecord> {
  if (id === null) throw notFound();
  await settleUserApplications(app, userId);
  const [loan] = await loadLoans(app.db, userId, id);
  if (!loan) throw notFound();
  return loan;
}
