import type { FastifyInstance } from 'fastify';
import { dueBy } from './autopay';
import { daysBetween, georgianDate, tbilisiMinutes } from './calculator';
import { settleUserApplications } from './loan-settlement';
import { addDays, isClosed, loadLoans, overdueOf, remaining } from './loan-view';
import { fromTetri } from './money';
import { releaseHeldSms } from './notification-delivery';
import { reminderDaysOf } from './notification-preferences';
import { notify } from './notifications';
import { settleOrders } from './payment-orders';

/**
 * The provider's daily notices (contract v1.4), as its 10:00 job would write them: payment
 * reminders `reminder_days` before each unpaid row's due date and on it, and overdue notices on
 * the 1st, 7th and 30th day after a due date passed unpaid. The sandbox runs a day's on demand
 * (`POST /__sandbox/notifications/run`), as it runs a day's automatic charges. The database's
 * unique keys make each happen once, whatever runs again or at once.
 */

const NOTICES_AT = 10 * 60;
/** The days after a missed due date on which the customer is told again. */
const OVERDUE_DAYS: ReadonlySet<number> = new Set([1, 7, 30]);

export interface NotificationRun {
  /** The Tbilisi day whose notices the run wrote, or null before 10:00. */
  date: string | null;
  written: number;
  /** Held SMS the run released (sent, or dropped by the choices and contacts of now). */
  released: number;
}

/** One loan's notices of `today`, written at `at` under the loan's lock. */
async function noticesOfLoan(
  app: FastifyInstance,
  loanId: number,
  userId: number,
  today: string,
  at: Date,
): Promise<number> {
  return app.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM loans WHERE id = $1 FOR UPDATE', [loanId]);
    const [loan] = await loadLoans(tx, userId, loanId);
    if (!loan || isClosed(loan)) return 0;
    const ahead = addDays(today, await reminderDaysOf(tx, userId));
    let written = 0;
    for (const row of loan.rows) {
      if (remaining(row) <= 0n) continue;
      const reminder = row.date === today ? 'due' : row.date === ahead ? 'before' : null;
      if (reminder === null) continue;
      const amount = fromTetri(dueBy(loan, row.date, today));
      const event = {
        kind: 'payment_due',
        loan: loan.id,
        amount,
        date: row.date,
        reminder,
      } as const;
      if (await notify(app, tx, userId, event, at)) written += 1;
    }
    const overdue = overdueOf(loan, today);
    const missedToday = loan.rows.some(
      (row) =>
        row.date < today && remaining(row) > 0n && OVERDUE_DAYS.has(daysBetween(row.date, today)),
    );
    if (overdue && missedToday) {
      const event = {
        kind: 'overdue',
        loan: loan.id,
        amount: fromTetri(overdue.amount + overdue.penalty),
        date: overdue.since,
        noticeDay: today,
      } as const;
      if (await notify(app, tx, userId, event, at)) written += 1;
    }
    return written;
  });
}

/**
 * A run at `at`: once it is 10:00 or later in Tbilisi, that day's notices are written (at `at`);
 * then the SMS held by quiet hours go out if `at` is outside them. What is due first (an
 * application's decision, the bank's) is applied, so the run sees the loans as they stand.
 */
export async function runNotifications(app: FastifyInstance, at: Date): Promise<NotificationRun> {
  let date: string | null = null;
  let written = 0;
  if (tbilisiMinutes(at) >= NOTICES_AT) {
    date = georgianDate(at);
    await settleOrders(app);
    const deciding = await app.db.query<{ user_id: number }>(
      `SELECT DISTINCT user_id FROM loan_applications WHERE status IN ('pending', 'approved')`,
    );
    for (const { user_id: userId } of deciding) await settleUserApplications(app, userId);
    const loans = await app.db.query<{ id: number; user_id: number }>(
      `SELECT l.id, l.user_id FROM loans l
        WHERE l.closed_at IS NULL
          AND EXISTS (SELECT 1 FROM loan_schedule s WHERE s.loan_id = l.id AND s.paid_amount < s.payment)
        ORDER BY l.id`,
    );
    for (const loan of loans) written += await noticesOfLoan(app, loan.id, loan.user_id, date, at);
  }
  return { date, written, released: await releaseHeldSms(app, at) };
}
