import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { georgianDate } from './calculator';
import { addDays } from './loan-view';
import { notify, ownerOfLoan } from './notifications';

export type HardshipKind = 'payment_holiday' | 'date_change' | 'restructuring';
export type HardshipReason = 'income_loss' | 'illness' | 'other';
export type HardshipStatus = 'received' | 'accepted' | 'declined';

/** The lender answers a hardship request within 10 days (v1.2). */
export const HARDSHIP_ANSWER_DAYS = 10;

/** The date an answer is due: 10 days after the Tbilisi date the request was made. */
export const hardshipAnswerDue = (createdAt: Date): string =>
  addDays(georgianDate(createdAt), HARDSHIP_ANSWER_DAYS);

/** The contract's HardshipRequest (v1.2). */
export interface HardshipView {
  id: number;
  loan: number;
  kind: HardshipKind;
  reason: HardshipReason;
  text: string;
  status: HardshipStatus;
  created_at: string;
  answer_due: string;
  answer: string | null;
}

export const HARDSHIP_COLUMNS = `id, loan_id, kind, reason, text, status, created_at,
  answer_due::text AS answer_due, answer`;

export interface HardshipRow extends Record<string, unknown> {
  id: number;
  loan_id: number;
  kind: HardshipKind;
  reason: HardshipReason;
  text: string;
  status: HardshipStatus;
  created_at: Date | string;
  answer_due: string;
  answer: string | null;
}

export const hardshipView = (row: HardshipRow): HardshipView => ({
  id: row.id,
  loan: row.loan_id,
  kind: row.kind,
  reason: row.reason,
  text: row.text,
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
  answer_due: row.answer_due,
  answer: row.answer,
});

export interface NewHardshipRequest {
  kind: HardshipKind;
  reason: HardshipReason;
  text: string;
}

/** Writes a received request for `loanId` made at `now`. */
export async function insertHardshipRequest(
  tx: Queryable,
  loanId: number,
  request: NewHardshipRequest,
  now: Date,
): Promise<HardshipView> {
  const [row] = await tx.query<HardshipRow>(
    `INSERT INTO hardship_requests (loan_id, kind, reason, text, created_at, answer_due)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::date) RETURNING ${HARDSHIP_COLUMNS}`,
    [loanId, request.kind, request.reason, request.text, now.toISOString(), hardshipAnswerDue(now)],
  );
  if (!row) throw new Error('hardship request insert returned no row');
  return hardshipView(row);
}

/**
 * Accepts or declines a received request, with the lender's answer, and tells the customer in
 * the caller's transaction; null when not received.
 */
export async function decideHardshipRequest(
  app: FastifyInstance,
  tx: Queryable,
  id: number,
  status: Exclude<HardshipStatus, 'received'>,
  answer: string,
  now: Date,
): Promise<HardshipView | null> {
  const [row] = await tx.query<HardshipRow>(
    `UPDATE hardship_requests SET status = $2, answer = $3, answered_at = $4::timestamptz
      WHERE id = $1 AND status = 'received' RETURNING ${HARDSHIP_COLUMNS}`,
    [id, status, answer, now.toISOString()],
  );
  if (!row) return null;
  await notify(
    app,
    tx,
    await ownerOfLoan(tx, row.loan_id),
    { kind: 'hardship_decided', loan: row.loan_id, accepted: status === 'accepted' },
    now,
  );
  return hardshipView(row);
}
