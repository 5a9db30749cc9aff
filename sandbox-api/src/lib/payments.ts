import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { georgianDate } from './calculator';
import type { PaymentSplit } from './loan-view';
import { fromTetri } from './money';
import { notify, ownerOfLoan } from './notifications';

/** v1.3 adds `autopay`: an automatic charge the lender makes with the customer's saved card. */
export type PaymentKind = 'repayment' | 'payoff' | 'autopay';

/** The contract's Payment (v1.2; v1.3 adds the order that paid it, or null). */
export interface PaymentView {
  id: number;
  loan: number;
  kind: PaymentKind;
  amount: string;
  penalty: string;
  interest: string;
  principal: string;
  paid_at: string;
  receipt_number: string;
  order: number | null;
}

/** Where a payment came from: its kind, and the payment order that paid it (v1.3), if any. */
export interface PaymentSource {
  kind: PaymentKind;
  order: number | null;
}

/**
 * Records money a repayment or payoff applied, split as it was applied, with the loan's next
 * receipt number (`R-<loan id>-<n>`, n counting the loan's payments from 1). The caller holds
 * the loan's row lock, so n cannot be taken twice; the unique constraints would refuse it.
 * Nothing is recorded for a zero amount (a payoff of a loan with nothing left). The customer is
 * told in the same transaction (v1.4's `payment_received`).
 */
export async function recordPayment(
  app: FastifyInstance,
  tx: Queryable,
  loanId: number,
  source: PaymentSource,
  split: PaymentSplit,
  paidAt: Date,
): Promise<void> {
  const amount = split.penalty + split.interest + split.principal;
  if (amount <= 0n) return;
  await tx.query(
    `INSERT INTO payments (loan_id, kind, amount, penalty, interest, principal, paid_at, number, receipt_number, order_id)
     SELECT $1::integer, $2, $3, $4, $5, $6, $7::timestamptz, n.number, 'R-' || $1::integer || '-' || n.number, $8
       FROM (SELECT COALESCE(max(number), 0) + 1 AS number FROM payments WHERE loan_id = $1::integer) n`,
    [
      loanId,
      source.kind,
      fromTetri(amount),
      fromTetri(split.penalty),
      fromTetri(split.interest),
      fromTetri(split.principal),
      paidAt.toISOString(),
      source.order,
    ],
  );
  await notify(
    app,
    tx,
    await ownerOfLoan(tx, loanId),
    {
      kind: 'payment_received',
      loan: loanId,
      order: source.order,
      amount: fromTetri(amount),
      date: georgianDate(paidAt),
    },
    paidAt,
  );
}

type PaymentRow = {
  id: number;
  loan_id: number;
  kind: PaymentKind;
  amount: string;
  penalty: string;
  interest: string;
  principal: string;
  paid_at: Date | string;
  receipt_number: string;
  order_id: number | null;
};

const PAYMENT_COLUMNS = `id, loan_id, kind, amount::text AS amount, penalty::text AS penalty,
  interest::text AS interest, principal::text AS principal, paid_at, receipt_number, order_id`;

const paymentView = (row: PaymentRow): PaymentView => ({
  id: row.id,
  loan: row.loan_id,
  kind: row.kind,
  amount: row.amount,
  penalty: row.penalty,
  interest: row.interest,
  principal: row.principal,
  paid_at: new Date(row.paid_at).toISOString(),
  receipt_number: row.receipt_number,
  order: row.order_id,
});

/** A loan's payments, oldest first. */
export async function loadPayments(q: Queryable, loanId: number): Promise<PaymentView[]> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE loan_id = $1 ORDER BY number`,
    [loanId],
  );
  return rows.map(paymentView);
}

/** The payments these orders made, by order id (v1.3: an order pays at most once). */
export async function paymentsOfOrders(
  q: Queryable,
  orderIds: readonly number[],
): Promise<Map<number, PaymentView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await q.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ANY($1::integer[])`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.order_id as number, paymentView(row)]));
}
