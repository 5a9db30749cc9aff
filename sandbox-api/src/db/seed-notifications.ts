import type { FastifyInstance } from 'fastify';
import { daysBetween, georgianDate, tbilisiInstant } from '../lib/calculator';
import { addDays, loadLoans, overdueOf, remaining } from '../lib/loan-view';
import { fromTetri } from '../lib/money';
import { notify } from '../lib/notifications';
import type { Queryable } from './database';

const OVERDUE_CUSTOMER = '01001000004';
/** Notifications older than this many days are shown as read, as a customer would have. */
const READ_AFTER_DAYS = 7;

/**
 * v1.4's feeds. The seed's events (loans issued, payments, the lender's answers) have written
 * their notifications through the code the API writes with; this adds the overdue notices the
 * daily run would have written for 01001000004's loan before today, and marks the feeds' older
 * notifications read. The seed's history lies in the past: none of its SMS waits for a morning.
 */
export async function seedNotifications(tx: Queryable, app: FastifyInstance): Promise<void> {
  const today = georgianDate(app.clock.now());
  const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE personal_number = $1', [
    OVERDUE_CUSTOMER,
  ]);
  if (!user) throw new Error(`seed user ${OVERDUE_CUSTOMER} is missing`);
  for (const loan of await loadLoans(tx, user.id)) {
    const missed = loan.rows.filter((row) => remaining(row) > 0n && row.date < today);
    const days = [...new Set(missed.flatMap((row) => [1, 7, 30].map((n) => addDays(row.date, n))))]
      .filter((day) => daysBetween(day, today) > 0)
      .sort();
    for (const day of days) {
      const state = overdueOf(loan, day);
      if (!state) continue;
      await notify(
        app,
        tx,
        user.id,
        {
          kind: 'overdue',
          loan: loan.id,
          amount: fromTetri(state.amount + state.penalty),
          date: state.since,
          noticeDay: day,
        },
        tbilisiInstant(day, '10:00'),
      );
    }
  }
  const readBefore = tbilisiInstant(addDays(today, -READ_AFTER_DAYS), '00:00').toISOString();
  await tx.query(
    `UPDATE notifications SET read_at = created_at + interval '1 hour' WHERE created_at < $1`,
    [readBefore],
  );
  await tx.query('UPDATE notifications SET sms_held = false');
}
