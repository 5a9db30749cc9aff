import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { outcomeOf } from './bank-rules';
import { georgianDate } from './calculator';
import { autopayCardOf, bankRuleOf, type CardView, cardView } from './cards';
import { isClosed, type LoanRecord, loadLoans, penaltyDueOf, remaining } from './loan-view';
import { repayableOf } from './loan-writes';
import { fromTetri, minTetri, type Tetri } from './money';
import {
  applyOutcome,
  ORDER_COLUMNS,
  ORDER_LIFETIME_MS,
  type OrderRow,
  openOrderId,
} from './payment-orders';

/**
 * Automatic payment (contract v1.3): a loan charges the customer's saved card on each due
 * date for what is due by then. The lender initiates the charge under the customer's standing
 * consent, so the bank asks for no code, whatever the card.
 */

export interface NextCharge {
  date: string;
  amount: string;
}

/** The contract's Autopay. */
export interface AutopayView {
  loan: number;
  card: CardView | null;
  since: string | null;
  next_charge: NextCharge | null;
}

/**
 * What is due by `date` (the unpaid rows dated up to it, and the penalty due on `today`),
 * never more than the loan takes on `today`: a charge's amount, and a reminder's (v1.4).
 */
export const dueBy = (loan: LoanRecord, date: string, today: string): Tetri =>
  minTetri(
    loan.rows.filter((row) => row.date <= date).reduce((sum, row) => sum + remaining(row), 0n) +
      penaltyDueOf(loan, today),
    repayableOf(loan, today),
  );

/**
 * The first unpaid row due `today` or later: its date and what is due by then. Shown whether
 * or not the automatic payment is on, so the customer reads it before turning it on; null for
 * a closed loan or when no unpaid row is left ahead.
 */
export function nextChargeOf(loan: LoanRecord, today: string): NextCharge | null {
  if (isClosed(loan)) return null;
  const next = loan.rows.find((row) => row.date >= today && remaining(row) > 0n);
  if (!next) return null;
  return { date: next.date, amount: fromTetri(dueBy(loan, next.date, today)) };
}

/** The loan's automatic payment as the customer sees it. */
export async function autopayView(
  q: Queryable,
  loan: LoanRecord,
  today: string,
): Promise<AutopayView> {
  const row = await autopayCardOf(q, loan.id);
  return {
    loan: loan.id,
    card: row ? cardView(row) : null,
    since: row ? new Date(row.autopay_since).toISOString() : null,
    next_charge: nextChargeOf(loan, today),
  };
}

/** Turns a loan's automatic payment on with a card (keeping `since` if it was on), or off. */
export async function setAutopay(
  tx: Queryable,
  loanId: number,
  cardId: number | null,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE loans SET autopay_card_id = $2,
            autopay_since = CASE WHEN $2::integer IS NULL THEN NULL ELSE COALESCE(autopay_since, $3) END
      WHERE id = $1`,
    [loanId, cardId, now.toISOString()],
  );
}

export type AutopayRun = { charged: OrderRow[]; date: string };

/**
 * The automatic charges of `date`: every open loan with automatic payment whose unpaid row
 * falls due that day is charged what is due by then, at the clock's now, once per loan and
 * day. A loan with an open order is left to it. The bank answers by the card's rule (a card
 * ending 9995 or 0002 declines; a code card is charged without its code), at once.
 */
export async function runAutopay(app: FastifyInstance, date: string): Promise<AutopayRun> {
  const loans = await app.db.query<{ id: number; user_id: number }>(
    `SELECT l.id, l.user_id FROM loans l
      WHERE l.autopay_card_id IS NOT NULL AND l.closed_at IS NULL
        AND EXISTS (SELECT 1 FROM loan_schedule s
                     WHERE s.loan_id = l.id AND s.date = $1::date AND s.paid_amount < s.payment)
      ORDER BY l.id`,
    [date],
  );
  const charged: OrderRow[] = [];
  for (const { id, user_id: userId } of loans) {
    const order = await app.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM loans WHERE id = $1 FOR UPDATE', [id]);
      const now = app.clock.now();
      const [loan] = await loadLoans(tx, userId, id);
      if (!loan || isClosed(loan) || (await openOrderId(tx, id, now)) !== null) return null;
      const card = await autopayCardOf(tx, id);
      const amount = dueBy(loan, date, georgianDate(now));
      if (!card || amount <= 0n) return null;
      const [inserted] = await tx.query<OrderRow>(
        `INSERT INTO payment_orders (user_id, loan_id, purpose, amount, status, created_at, expires_at,
           card_id, autopay_date, decide_at, bank_outcome)
         VALUES ($1, $2, 'autopay', $3, 'processing', $4, $5, $6, $7, $4, $8)
         ON CONFLICT (loan_id, autopay_date) WHERE autopay_date IS NOT NULL DO NOTHING
         RETURNING ${ORDER_COLUMNS}`,
        [
          userId,
          id,
          fromTetri(amount),
          now.toISOString(),
          new Date(now.getTime() + ORDER_LIFETIME_MS).toISOString(),
          card.id,
          date,
          outcomeOf(await bankRuleOf(tx, card)),
        ],
      );
      if (!inserted?.bank_outcome) return null;
      await applyOutcome(app, tx, inserted, inserted.bank_outcome, now);
      const [decided] = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE id = $1`,
        [inserted.id],
      );
      return decided ?? null;
    });
    if (order) charged.push(order);
  }
  return { charged, date };
}
