import type { Queryable } from '../db/database';
import type { PaymentSplit } from './loan-view';
import { fromTetri } from './money';

export type PaymentKind = 'repayment' | 'payoff';

/** The contract's Payment (v1.2). */
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
}

/**
 * Records money a repayment or payoff applied, split as it was applied, with the loan's next
 * receipt number (`R-<loan id>-<n>`, n counting the loan's payments from 1). The caller holds
 * the loan's row lock, so n cannot be taken twice; the unique constraints would refuse it.
 * Nothing is recorded for a zero amount (a payoff of a loan with nothing left).
 */
export async function recordPayment(
  tx: Queryable,
  loanId: number,
  kind: PaymentKind,
  split: PaymentSplit,
  paidAt: Date,
): Promise<void> {
  const amount = split.penalty + split.interest + split.principal;
  if (amount <= 0n) return;
  await tx.query(
    `INSERT INTO payments (loan_id, kind, amount, penalty, interest, principal, paid_at, number, receipt_number)
     SELECT $1::integer, $2, $3, $4, $5, $6, $7::timestamptz, n.number, 'R-' || $1::integer || '-' || n.number
       FROM (SELECT COALESCE(max(number), 0) + 1 AS number FROM payments WHERE loan_id = $1::integer) n`,
    [
      loanId,
      kind,
      fromTetri(amount),
      fromTetri(split.penalty),
      fromTetri(split.interest),
      fromTetri(split.principal),
      paidAt.toISOString(),
    ],
  );
}

/** A loan's payments, oldest first. */
export async function loadPayments(q: Queryable, loanId: number): Promise<PaymentView[]> {
  const rows = await q.query<{
    id: number;
    loan_id: number;
    kind: PaymentKind;
    amount: string;
    penalty: string;
    interest: string;
    principal: string;
    paid_at: Date | string;
    receipt_number: string;
  }>(
    `SELECT id, loan_id, kind, amount::text AS amount, penalty::text AS penalty,
            interest::text AS interest, principal::text AS principal, paid_at, receipt_number
       FROM payments WHERE loan_id = $1 ORDER BY number`,
    [loanId],
  );
  return rows.map((row) => ({
    id: row.id,
    loan: row.loan_id,
    kind: row.kind,
    amount: row.amount,
    penalty: row.penalty,
    interest: row.interest,
    principal: row.principal,
    paid_at: new Date(row.paid_at).toISOString(),
    receipt_number: row.receipt_number,
  }));
}
