import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { addMonths, georgianDate } from './calculator';
import { notify } from './notifications';

export const COMPLAINT_TOPICS = ['loan', 'payment', 'personal_data', 'service', 'other'] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];
export type ComplaintStatus = 'received' | 'answered';

/** At most this many complaints in COMPLAINT_WINDOW_SECONDS per customer (v1.2). */
export const COMPLAINT_LIMIT = 3;
export const COMPLAINT_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The date an answer is due: one month after the Tbilisi date the complaint was made, the same
 * day of the next month or that month's last day when it is shorter (31 January → 28 or 29
 * February).
 */
export const complaintAnswerDue = (createdAt: Date): string =>
  addMonths(georgianDate(createdAt), 1);

/** The contract's Complaint (v1.2). */
export interface ComplaintView {
  id: number;
  number: string;
  topic: ComplaintTopic;
  loan: number | null;
  text: string;
  status: ComplaintStatus;
  created_at: string;
  answer_due: string;
  answer: string | null;
  answered_at: string | null;
}

export const COMPLAINT_COLUMNS = `id, number, topic, loan_id, text, status, created_at,
  answer_due::text AS answer_due, answer, answered_at`;

export interface ComplaintRow extends Record<string, unknown> {
  id: number;
  number: string;
  topic: ComplaintTopic;
  loan_id: number | null;
  text: string;
  status: ComplaintStatus;
  created_at: Date | string;
  answer_due: string;
  answer: string | null;
  answered_at: Date | string | null;
}

export const complaintView = (row: ComplaintRow): ComplaintView => ({
  id: row.id,
  number: row.number,
  topic: row.topic,
  loan: row.loan_id,
  text: row.text,
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
  answer_due: row.answer_due,
  answer: row.answer,
  answered_at: row.answered_at === null ? null : new Date(row.answered_at).toISOString(),
});

/**
 * The next case number of the Tbilisi year of `now`: GE-<year>-<6 digits>, counting up from 1
 * within the year. The counter row is updated in the caller's transaction, so two complaints
 * never share a number, and a complaint rolled back gives its number back.
 */
async function nextComplaintNumber(tx: Queryable, now: Date): Promise<string> {
  const year = Number(georgianDate(now).slice(0, 4));
  const [row] = await tx.query<{ last: number }>(
    `INSERT INTO complaint_numbers (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = complaint_numbers.last + 1 RETURNING last`,
    [year],
  );
  if (!row) throw new Error('complaint number not allocated');
  return `GE-${year}-${String(row.last).padStart(6, '0')}`;
}

export interface NewComplaint {
  topic: ComplaintTopic;
  loanId: number | null;
  text: string;
}

/** Writes a received complaint of `userId` made at `now`, with its case number. */
export async function insertComplaint(
  tx: Queryable,
  userId: number,
  complaint: NewComplaint,
  now: Date,
): Promise<ComplaintView> {
  const [row] = await tx.query<ComplaintRow>(
    `INSERT INTO complaints (user_id, number, topic, loan_id, text, created_at, answer_due)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::date) RETURNING ${COMPLAINT_COLUMNS}`,
    [
      userId,
      await nextComplaintNumber(tx, now),
      complaint.topic,
      complaint.loanId,
      complaint.text,
      now.toISOString(),
      complaintAnswerDue(now),
    ],
  );
  if (!row) throw new Error('complaint insert returned no row');
  return complaintView(row);
}

/**
 * Answers a received complaint and tells its author, in the caller's transaction; null when
 * there is none (or it is already answered).
 */
export async function answerComplaint(
  app: FastifyInstance,
  tx: Queryable,
  id: number,
  answer: string,
  now: Date,
): Promise<ComplaintView | null> {
  const [row] = await tx.query<ComplaintRow & { user_id: number }>(
    `UPDATE complaints SET status = 'answered', answer = $2, answered_at = $3::timestamptz
      WHERE id = $1 AND status = 'received' RETURNING ${COMPLAINT_COLUMNS}, user_id`,
    [id, answer, now.toISOString()],
  );
  if (!row) return null;
  await notify(app, tx, row.user_id, { kind: 'complaint_answered', date: georgianDate(now) }, now);
  return complaintView(row);
}
