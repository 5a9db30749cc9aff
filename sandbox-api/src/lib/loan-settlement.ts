import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { georgianDate, type LoanPlan, planLoan, type ScheduleRowTetri } from './calculator';
import { fromTetri, toTetri } from './money';
import { notify } from './notifications';
import { settleOrders } from './payment-orders';
import { PRODUCT } from './products';

export const RISK_REJECTION_REASON =
  'განაცხადი უარყოფილია: საკრედიტო რისკის შეფასების შედეგი უარყოფითია.';

export interface IssuableApplication {
  id: number;
  userId: number;
  amount: string;
  term: number;
}

/** A schedule row's columns as `loan_schedule` stores them, from `loan_id` to `balance`. */
export const scheduleRowValues = (loanId: number, row: ScheduleRowTetri) =>
  [
    loanId,
    row.number,
    row.date,
    fromTetri(row.principal),
    fromTetri(row.interest),
    fromTetri(row.payment),
    fromTetri(row.balance),
  ] as const;

/**
 * Writes the loan of an approved application, with its schedule computed from the Georgian
 * date of `issuedAt`, and marks the application issued. Runs inside the caller's transaction,
 * which also tells the customer (v1.4's `application_decided`, naming the new loan).
 */
export async function issueLoan(
  app: FastifyInstance,
  tx: Queryable,
  application: IssuableApplication,
  issuedAt: Date,
): Promise<{ loanId: number; plan: LoanPlan }> {
  const plan = planLoan(toTetri(application.amount), application.term, georgianDate(issuedAt));
  const [loan] = await tx.query<{ id: number }>(
    `INSERT INTO loans (application_id, user_id, amount, term, annual_rate, monthly_payment, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz) RETURNING id`,
    [
      application.id,
      application.userId,
      fromTetri(plan.amount),
      plan.term,
      PRODUCT.nominalAnnualRate,
      fromTetri(plan.monthlyPayment),
      issuedAt.toISOString(),
    ],
  );
  if (!loan) throw new Error('loan insert returned no row');
  const values: unknown[] = [];
  const tuples = plan.schedule.map((row, index) => {
    const base = index * 7;
    values.push(...scheduleRowValues(loan.id, row));
    return `($${base + 1}, $${base + 2}, $${base + 3}::date, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7})`;
  });
  await tx.query(
    `INSERT INTO loan_schedule (loan_id, number, date, principal, interest, payment, balance) VALUES ${tuples.join(', ')}`,
    values,
  );
  await tx.query(`UPDATE loan_applications SET status = 'issued' WHERE id = $1`, [application.id]);
  await notify(
    app,
    tx,
    application.userId,
    { kind: 'application_decided', loan: loan.id, amount: fromTetri(plan.amount) },
    issuedAt,
  );
  return { loanId: loan.id, plan };
}

/**
 * Settles this user's payment orders (lib/payment-orders), then decides their applications
 * without a background job, so it survives restarts: a
 * pending application is decided `decisionDelaySeconds` after it was created (rejected when
 * the user has the risk flag, else approved), and an approved one is issued another
 * `decisionDelaySeconds` after its decision. Times are those the decisions were due at, not
 * the time of the read, so the outcome does not depend on when the user looks.
 */
export async function settleUserApplications(app: FastifyInstance, userId: number): Promise<void> {
  // v1.3: the user's payment orders first (expired ones, the bank's due decisions), so every
  // read of their loans shows an outcome once it is due.
  await settleOrders(app, userId);
  const delayMs = app.config.decisionDelaySeconds * 1000;
  const cutoff = new Date(app.clock.now().getTime() - delayMs).toISOString();
  // Most reads have nothing to settle: one indexed look-up, no transaction.
  const due = await app.db.query(
    `SELECT 1 FROM loan_applications
      WHERE user_id = $1 AND ((status = 'pending' AND created_at <= $2::timestamptz)
                           OR (status = 'approved' AND decided_at <= $2::timestamptz))
      LIMIT 1`,
    [userId, cutoff],
  );
  if (due.length === 0) return;

  await app.db.transaction(async (tx) => {
    // The user row lock serialises settlement with this user's other loan writes.
    const [user] = await tx.query<{ risk_flag: boolean }>(
      'SELECT risk_flag FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!user) return;
    const pending = await tx.query<{ id: number; amount: string; created_at: Date | string }>(
      `SELECT id, amount::text AS amount, created_at FROM loan_applications
        WHERE user_id = $1 AND status = 'pending' AND created_at <= $2::timestamptz ORDER BY created_at, id`,
      [userId, cutoff],
    );
    for (const application of pending) {
      const decidedAt = new Date(
        new Date(application.created_at).getTime() + delayMs,
      ).toISOString();
      if (user.risk_flag) {
        await tx.query(
          `UPDATE loan_applications SET status = 'rejected', rejection_reason = $2, decided_at = $3::timestamptz
            WHERE id = $1`,
          [application.id, RISK_REJECTION_REASON, decidedAt],
        );
        await notify(
          app,
          tx,
          userId,
          { kind: 'application_decided', loan: null, amount: application.amount },
          new Date(decidedAt),
        );
      } else {
        await tx.query(
          `UPDATE loan_applications SET status = 'approved', decided_at = $2::timestamptz WHERE id = $1`,
          [application.id, decidedAt],
        );
      }
    }
    const approved = await tx.query<{
      id: number;
      amount: string;
      term: number;
      decided_at: Date | string;
    }>(
      `SELECT id, amount::text AS amount, term, decided_at FROM loan_applications
        WHERE user_id = $1 AND status = 'approved' AND decided_at <= $2::timestamptz ORDER BY decided_at, id`,
      [userId, cutoff],
    );
    for (const application of approved) {
      const issuedAt = new Date(new Date(application.decided_at).getTime() + delayMs);
      await issueLoan(
        app,
        tx,
        { id: application.id, userId, amount: application.amount, term: application.term },
        issuedAt,
      );
    }
  });
}
