import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { fieldError } from './http-errors';
import { deliver } from './notification-delivery';
import { type NotificationEvent, type NotificationKind, wordsOf } from './notification-words';

/**
 * The customer's feed (contract v1.4). A notification is written in the transaction of the
 * event it tells of, so an event and its notification land together or not at all; the
 * scheduled ones are written by the day's run (lib/notification-schedule). The feed's order is
 * the order they were written in: the id.
 */

/** The contract's Notification. */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  created_at: string;
  read_at: string | null;
  loan: number | null;
  order: number | null;
  amount: string | null;
  date: string | null;
  title: string;
  body: string;
}

/** What the contract's table says each kind carries, and the keys that make it happen once. */
function columnsOf(event: NotificationEvent) {
  const none = {
    loan: null,
    order: null,
    amount: null,
    date: null,
    reminder: null,
    noticeDay: null,
  };
  switch (event.kind) {
    case 'payment_due':
      return {
        ...none,
        loan: event.loan,
        amount: event.amount,
        date: event.date,
        reminder: event.reminder,
      };
    case 'payment_received':
      return {
        ...none,
        loan: event.loan,
        order: event.order,
        amount: event.amount,
        date: event.date,
      };
    case 'payment_declined':
      return { ...none, loan: event.loan, order: event.order, amount: event.amount };
    case 'overdue':
      return {
        ...none,
        loan: event.loan,
        amount: event.amount,
        date: event.date,
        noticeDay: event.noticeDay,
      };
    case 'application_decided':
      return { ...none, loan: event.loan, amount: event.amount };
    case 'complaint_answered':
      return { ...none, date: event.date };
    case 'hardship_decided':
      return { ...none, loan: event.loan };
  }
}

/**
 * Writes `event` to the customer's feed at `at` and sends it, in the caller's transaction. A
 * notification the database already holds (a reminder of that row and stage, an overdue notice
 * of that loan and day, a decline of that order) is not written again: false.
 */
export async function notify(
  app: FastifyInstance,
  tx: Queryable,
  userId: number,
  event: NotificationEvent,
  at: Date,
): Promise<boolean> {
  const words = wordsOf(event);
  const columns = columnsOf(event);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO notifications (user_id, kind, loan_id, order_id, amount, date, title, body,
       created_at, reminder, notice_day)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11::date)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      userId,
      event.kind,
      columns.loan,
      columns.order,
      columns.amount,
      columns.date,
      words.title,
      words.body,
      at.toISOString(),
      columns.reminder,
      columns.noticeDay,
    ],
  );
  if (!row) return false;
  await deliver(app, tx, { id: row.id, userId, kind: event.kind, ...words }, at);
  return true;
}

/** A loan's customer, for the events that know only the loan. */
export async function ownerOfLoan(q: Queryable, loanId: number): Promise<number> {
  const [row] = await q.query<{ user_id: number }>('SELECT user_id FROM loans WHERE id = $1', [
    loanId,
  ]);
  if (!row) throw new Error(`loan ${loanId} has no customer`);
  return row.user_id;
}

type NotificationRow = {
  id: number;
  kind: NotificationKind;
  created_at: Date | string;
  read_at: Date | string | null;
  loan_id: number | null;
  order_id: number | null;
  amount: string | null;
  date: string | null;
  title: string;
  body: string;
};

const COLUMNS = `id, kind, created_at, read_at, loan_id, order_id, amount::text AS amount,
  date::text AS date, title, body`;

const view = (row: NotificationRow): NotificationView => ({
  id: row.id,
  kind: row.kind,
  created_at: new Date(row.created_at).toISOString(),
  read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  loan: row.loan_id,
  order: row.order_id,
  amount: row.amount,
  date: row.date,
  title: row.title,
  body: row.body,
});

export const FEED_PAGE = 20;

/** A page of the feed, newest first: older than `before` when given, unread only if asked. */
export async function feedOf(
  q: Queryable,
  userId: number,
  { before, unread }: { before: number | null; unread: boolean },
): Promise<{ results: NotificationView[]; has_more: boolean }> {
  const rows = await q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications
      WHERE user_id = $1 AND ($2::integer IS NULL OR id < $2) AND (NOT $3 OR read_at IS NULL)
      ORDER BY id DESC LIMIT ${FEED_PAGE + 1}`,
    [userId, before, unread],
  );
  return { results: rows.slice(0, FEED_PAGE).map(view), has_more: rows.length > FEED_PAGE };
}

export async function unreadCountOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ unread: string }>(
    'SELECT count(*)::text AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return Number(row?.unread ?? 0);
}

/**
 * Marks the customer's notifications read at `now`: `ids` (every one theirs, else a field
 * error under `ids` and nothing changes) or all. One read before keeps its first `read_at`.
 */
export async function markRead(
  tx: Queryable,
  userId: number,
  ids: readonly number[] | 'all',
  now: Date,
): Promise<void> {
  if (ids !== 'all') {
    const wanted = [...new Set(ids)];
    const own = await tx.query<{ id: number }>(
      'SELECT id FROM notifications WHERE user_id = $1 AND id = ANY($2::integer[])',
      [userId, wanted],
    );
    const found = new Set(own.map((row) => row.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw fieldError('ids', `ასეთი შეტყობინება თქვენ არ გაქვთ: ${missing.join(', ')}.`);
    }
  }
  await tx.query(
    `UPDATE notifications SET read_at = $2
      WHERE user_id = $1 AND read_at IS NULL AND ($3::integer[] IS NULL OR id = ANY($3::integer[]))`,
    [userId, now.toISOString(), ids === 'all' ? null : ids],
  );
}
