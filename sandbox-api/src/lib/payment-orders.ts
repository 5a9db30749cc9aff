import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import type { BankOutcome, CardBrand, CardRule, DeclineReason } from './bank-rules';
import { georgianDate } from './calculator';
import { CARD_COLUMNS, type CardRow, type CardView, cardView, saveCard } from './cards';
import { HttpError } from './http-errors';
import { isClosed, loadLoans } from './loan-view';
import { applyPayoff, applyRepayment, repayableOf } from './loan-writes';
import { toTetri } from './money';
import { notify } from './notifications';
import { type PaymentView, paymentsOfOrders } from './payments';

/**
 * Payment orders (contract v1.3): a payment the customer makes on the bank's page, or an
 * automatic charge. Orders are decided without a background job being needed: every read or
 * write of a customer's orders first expires the created ones past `expires_at` and applies
 * the bank's decisions whose `decide_at` has passed (a timer only makes that happen sooner),
 * with the times they were due, so a restart loses nothing and the outcome does not depend on
 * when anyone looks.
 */

export const ORDER_LIFETIME_MS = 15 * 60 * 1000;

export type OrderPurpose = 'repayment' | 'payoff' | 'autopay';
export type OrderStatus =
  | 'created'
  | 'processing'
  | 'succeeded'
  | 'declined'
  | 'expired'
  | 'canceled';

export type OrderRow = {
  id: number;
  user_id: number;
  loan_id: number;
  purpose: OrderPurpose;
  amount: string;
  status: OrderStatus;
  return_url: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  decided_at: Date | string | null;
  decline_reason: DeclineReason | null;
  card_id: number | null;
  save_card: boolean;
  bank_token: string | null;
  bank_step: 'card' | 'code' | null;
  bank_code_hash: string | null;
  bank_code_tries: number | null;
  entered_brand: CardBrand | null;
  entered_last4: string | null;
  entered_expires: string | null;
  entered_rule: CardRule | null;
  decide_at: Date | string | null;
  bank_outcome: BankOutcome | null;
};

export const ORDER_COLUMNS = `id, user_id, loan_id, purpose, amount::text AS amount, status, return_url,
  created_at, expires_at, decided_at, decline_reason, card_id, save_card, bank_token, bank_step,
  bank_code_hash, bank_code_tries, entered_brand, entered_last4, entered_expires, entered_rule,
  decide_at, bank_outcome`;

/** The contract's PaymentOrder. */
export interface OrderView {
  id: number;
  loan: number;
  purpose: OrderPurpose;
  amount: string;
  status: OrderStatus;
  redirect_url: string | null;
  return_url: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  decline_reason: DeclineReason | null;
  card: CardView | null;
  payment: PaymentView | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The bank's page of an order: its token, never its id, names it. */
export const bankPageUrl = (app: FastifyInstance, token: string): string =>
  `${app.config.bankPublicUrl}/pay/${token}`;

/** Orders as the contract shows them, with the card (while saved) and the payment they made. */
export async function orderViews(
  app: FastifyInstance,
  q: Queryable,
  rows: readonly OrderRow[],
): Promise<OrderView[]> {
  const cardIds = rows.flatMap((row) => (row.card_id === null ? [] : [row.card_id]));
  const cards =
    cardIds.length === 0
      ? []
      : await q.query<CardRow>(
          `SELECT ${CARD_COLUMNS} FROM cards WHERE id = ANY($1::integer[]) AND removed_at IS NULL`,
          [cardIds],
        );
  const cardsById = new Map(cards.map((card) => [card.id, cardView(card)]));
  const payments = await paymentsOfOrders(
    q,
    rows.filter((row) => row.status === 'succeeded').map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    loan: row.loan_id,
    purpose: row.purpose,
    amount: row.amount,
    status: row.status,
    redirect_url:
      row.status === 'created' && row.bank_token ? bankPageUrl(app, row.bank_token) : null,
    // An automatic charge sends nobody anywhere; the contract's field is a string.
    return_url: row.return_url ?? '',
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    decided_at: row.decided_at === null ? null : iso(row.decided_at),
    decline_reason: row.decline_reason,
    card: (row.card_id !== null && cardsById.get(row.card_id)) || null,
    payment: payments.get(row.id) ?? null,
  }));
}

/** The customer's orders, newest first, or their order `id` (none when it is another's). */
export async function loadOrders(q: Queryable, userId: number, id?: number): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM payment_orders
      WHERE user_id = $1 ${id === undefined ? '' : 'AND id = $2'}
      ORDER BY created_at DESC, id DESC`,
    id === undefined ? [userId] : [userId, id],
  );
}

export async function orderByToken(q: Queryable, token: string): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE bank_token = $1`,
    [token],
  );
  return row;
}

/** The loan's open order at `now` (created and not yet expired, or processing), if any. */
export async function openOrderId(q: Queryable, loanId: number, now: Date): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `SELECT id FROM payment_orders
      WHERE loan_id = $1 AND (status = 'processing' OR (status = 'created' AND expires_at > $2))`,
    [loanId, now.toISOString()],
  );
  return row?.id ?? null;
}

export const paymentInProgress = (order: number) =>
  new HttpError(
    400,
    'payment_in_progress',
    'ამ სესხის გადახდა უკვე მიმდინარეობს. დაელოდეთ მის შედეგს.',
    {},
    { order },
  );

/** A fresh token for an order's bank page: 32 random bytes, URL-safe. */
export const newBankToken = (): string => randomBytes(32).toString('base64url');

/**
 * Expires created orders past their `expires_at` (decided then) and applies every bank
 * decision that is due: all customers', or one customer's.
 */
export async function settleOrders(app: FastifyInstance, userId?: number): Promise<void> {
  const now = app.clock.now().toISOString();
  const mine = userId === undefined ? '' : 'AND user_id = $2';
  const params = userId === undefined ? [now] : [now, userId];
  await app.db.query(
    `UPDATE payment_orders SET status = 'expired', decided_at = expires_at, bank_step = NULL,
            bank_code_hash = NULL
      WHERE status = 'created' AND expires_at <= $1 ${mine}`,
    params,
  );
  const due = await app.db.query<{ id: number }>(
    `SELECT id FROM payment_orders WHERE status = 'processing' AND decide_at <= $1 ${mine}
      ORDER BY decide_at, id`,
    params,
  );
  for (const { id } of due) await decideOrder(app, id);
}

/**
 * The development helper's "the bank decides now" (routes/sandbox/payment-helpers): a
 * processing order's decision brought forward to `now` and applied, as its timer would have.
 * False when the order was not processing (never submitted, or decided already).
 */
export async function decideNow(app: FastifyInstance, orderId: number): Promise<boolean> {
  const now = app.clock.now().toISOString();
  const rows = await app.db.query(
    `UPDATE payment_orders SET decide_at = LEAST(decide_at, $2)
      WHERE id = $1 AND status = 'processing' RETURNING id`,
    [orderId, now],
  );
  if (rows.length === 0) return false;
  await decideOrder(app, orderId);
  return true;
}

/** Applies the bank's decision on order `id` once it is due, holding its loan's lock. */
async function decideOrder(app: FastifyInstance, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [head] = await tx.query<{ loan_id: number }>(
      'SELECT loan_id FROM payment_orders WHERE id = $1',
      [id],
    );
    if (!head) return;
    await tx.query('SELECT id FROM loans WHERE id = $1 FOR UPDATE', [head.loan_id]);
    const [order] = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE id = $1 AND status = 'processing' FOR UPDATE`,
      [id],
    );
    if (!order?.decide_at || !order.bank_outcome) return;
    const decidedAt = new Date(order.decide_at);
    if (decidedAt > app.clock.now()) return;
    await applyOutcome(app, tx, order, order.bank_outcome, decidedAt);
  });
}

type DeclinedRow = {
  id: number;
  user_id: number;
  loan_id: number;
  amount: string;
  last4: string | null;
};

/** What a decline's notification names: the card's last four digits, never more of it. */
const DECLINED_COLUMNS = `id, user_id, loan_id, amount::text AS amount,
  COALESCE((SELECT c.last4 FROM cards c WHERE c.id = payment_orders.card_id), entered_last4) AS last4`;

/** v1.4: the customer is told of a decline in the transaction that declines the order. */
async function tellDeclined(
  app: FastifyInstance,
  tx: Queryable,
  declined: readonly DeclinedRow[],
  at: Date,
): Promise<void> {
  for (const order of declined) {
    await notify(
      app,
      tx,
      order.user_id,
      {
        kind: 'payment_declined',
        loan: order.loan_id,
        order: order.id,
        amount: order.amount,
        last4: order.last4,
      },
      at,
    );
  }
}

/**
 * The outcome of a processing order, at `at`, in the caller's transaction under the loan's
 * lock: succeeded applies the amount exactly as repay/ or payoff/ would (an automatic charge
 * as a repayment of its own kind), with a Payment naming the order, and saves the card when
 * asked; declined changes nothing else but tells the customer (v1.4). The status guard makes a second decision a no-op.
 */
export async function applyOutcome(
  app: FastifyInstance,
  tx: Queryable,
  order: OrderRow,
  outcome: BankOutcome,
  at: Date,
): Promise<void> {
  const [loan] = await loadLoans(tx, order.user_id, order.loan_id);
  const amount = toTetri(order.amount);
  const today = georgianDate(at);
  // An open order keeps repay/, payoff/, withdraw/ and other orders off its loan, so it
  // still fits; should that ever fail, the money is not taken rather than applied wrongly.
  const fits =
    loan !== undefined &&
    !isClosed(loan) &&
    (order.purpose === 'payoff' || amount <= repayableOf(loan, today));
  const result: BankOutcome = outcome === 'succeeded' && !fits ? 'bank_unavailable' : outcome;
  if (result !== 'succeeded' || !loan) {
    const declined = await tx.query<DeclinedRow>(
      `UPDATE payment_orders SET status = 'declined', decline_reason = $2, decided_at = $3
        WHERE id = $1 AND status = 'processing' RETURNING ${DECLINED_COLUMNS}`,
      [order.id, result, at.toISOString()],
    );
    await tellDeclined(app, tx, declined, at);
    return;
  }
  let cardId = order.card_id;
  if (order.save_card && order.entered_brand && order.entered_last4 && order.entered_expires) {
    cardId = await saveCard(
      tx,
      order.user_id,
      {
        brand: order.entered_brand,
        last4: order.entered_last4,
        expires: order.entered_expires,
        rule: order.entered_rule ?? 'approve',
      },
      at,
    );
  }
  const decided = await tx.query(
    `UPDATE payment_orders SET status = 'succeeded', decided_at = $2, card_id = $3
      WHERE id = $1 AND status = 'processing' RETURNING id`,
    [order.id, at.toISOString(), cardId],
  );
  if (decided.length === 0) return;
  if (order.purpose === 'payoff') {
    await applyPayoff(app, tx, loan, at, {
      order: order.id,
      quoteDate: georgianDate(new Date(order.created_at)),
    });
  } else {
    await applyRepayment(app, tx, loan, amount, at, {
      kind: order.purpose === 'autopay' ? 'autopay' : 'repayment',
      order: order.id,
    });
  }
}

/** The card typed on the bank's page, as the order keeps it to save on success. */
export interface EnteredCard {
  brand: CardBrand;
  last4: string;
  expires: string;
  rule: CardRule;
}

/**
 * The bank has the card (and its code, if it asked): a created order becomes processing, to
 * be decided `bankDecisionSeconds` later. Returns when, or null when the order was no longer
 * created (expired, canceled, or another submit was first).
 */
export async function startProcessing(
  app: FastifyInstance,
  tx: Queryable,
  orderId: number,
  outcome: BankOutcome,
  now: Date,
  entered?: EnteredCard,
): Promise<Date | null> {
  const decideAt = new Date(now.getTime() + app.config.bankDecisionSeconds * 1000);
  const rows = await tx.query(
    `UPDATE payment_orders
        SET status = 'processing', bank_step = NULL, bank_code_hash = NULL, decide_at = $3,
            bank_outcome = $4,
            entered_brand = COALESCE($5, entered_brand), entered_last4 = COALESCE($6, entered_last4),
            entered_expires = COALESCE($7, entered_expires), entered_rule = COALESCE($8, entered_rule)
      WHERE id = $1 AND status = 'created' AND expires_at > $2 RETURNING id`,
    [
      orderId,
      now.toISOString(),
      decideAt.toISOString(),
      outcome,
      entered?.brand ?? null,
      entered?.last4 ?? null,
      entered?.expires ?? null,
      entered?.rule ?? null,
    ],
  );
  return rows.length === 0 ? null : decideAt;
}

/** A declined order at once (the bank refused the customer's one-time codes). */
export async function declineNow(
  app: FastifyInstance,
  tx: Queryable,
  orderId: number,
  reason: BankOutcome,
  now: Date,
): Promise<void> {
  const declined = await tx.query<DeclinedRow>(
    `UPDATE payment_orders
        SET status = 'declined', decline_reason = $2, decided_at = $3, bank_step = NULL,
            bank_code_hash = NULL
      WHERE id = $1 AND status = 'created' RETURNING ${DECLINED_COLUMNS}`,
    [orderId, reason, now.toISOString()],
  );
  await tellDeclined(app, tx, declined, now);
}

/** Cancels a created order at `now` (the customer, on the bank's page or through cancel/). */
export async function cancelOrder(tx: Queryable, orderId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE payment_orders
        SET status = 'canceled', decided_at = $2, bank_step = NULL, bank_code_hash = NULL
      WHERE id = $1 AND status = 'created' AND expires_at > $2 RETURNING id`,
    [orderId, now.toISOString()],
  );
  return rows.length > 0;
}

/** Expires a created order now (a development helper): as its 15 minutes would. */
export async function expireNow(q: Queryable, orderId: number, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE payment_orders
        SET status = 'expired', expires_at = $2, decided_at = $2, bank_step = NULL, bank_code_hash = NULL
      WHERE id = $1 AND status = 'created' RETURNING id`,
    [orderId, now.toISOString()],
  );
  return rows.length > 0;
}
