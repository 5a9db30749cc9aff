import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { queueMessage } from './codes';
import { formatGel } from './gel-format';
import type { EnteredCard, OrderRow } from './payment-orders';

/*
 * The bank's one-time code (3-D Secure) on its page: sent by SMS, kept only as a keyed hash,
 * checked in constant time, a wrong one costing a try.
 */

/** Wrong one-time codes the bank takes before it declines (`authentication_failed`). */
export const BANK_CODE_TRIES = 3;

function codeHash(secret: string, orderId: number, code: string): string {
  const key = createHmac('sha256', secret).update('bank-one-time-codes').digest();
  return createHmac('sha256', key).update(`${orderId}:${code}`).digest('hex');
}

/**
 * The bank asks for its one-time code: a new code, sent by SMS to the customer's phone (the
 * outbox), with BANK_CODE_TRIES tries. The code is never logged.
 */
export async function askForCode(
  app: FastifyInstance,
  tx: Queryable,
  order: Pick<OrderRow, 'id' | 'user_id' | 'amount'>,
  now: Date,
  entered?: EnteredCard,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query(
    `UPDATE payment_orders
        SET bank_step = 'code', bank_code_hash = $2, bank_code_tries = $3,
            entered_brand = COALESCE($4, entered_brand), entered_last4 = COALESCE($5, entered_last4),
            entered_expires = COALESCE($6, entered_expires), entered_rule = COALESCE($7, entered_rule)
      WHERE id = $1`,
    [
      order.id,
      codeHash(app.config.jwtSecret, order.id, code),
      BANK_CODE_TRIES,
      entered?.brand ?? null,
      entered?.last4 ?? null,
      entered?.expires ?? null,
      entered?.rule ?? null,
    ],
  );
  const [user] = await tx.query<{ phone_number: string }>(
    'SELECT phone_number FROM users WHERE id = $1',
    [order.user_id],
  );
  if (!user) return;
  await queueMessage(
    tx,
    {
      channel: 'sms',
      recipient: user.phone_number,
      body: `${code} — სენდბოქს ბანკის ერთჯერადი კოდი: გადახდა ${formatGel(order.amount)}, მიმღები ${app.config.bankMerchantName}. კოდი არავის გაუზიაროთ.`,
    },
    now,
  );
}

export type CodeResult = { ok: true } | { ok: false; triesLeft: number };

/** Checks a typed code; a wrong one costs a try (the caller commits that). */
export async function checkCode(
  app: FastifyInstance,
  tx: Queryable,
  order: OrderRow,
  typed: string,
): Promise<CodeResult> {
  const expected = Buffer.from(order.bank_code_hash ?? '', 'hex');
  const actual = Buffer.from(codeHash(app.config.jwtSecret, order.id, typed), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return { ok: true };
  const [row] = await tx.query<{ bank_code_tries: number }>(
    `UPDATE payment_orders SET bank_code_tries = bank_code_tries - 1 WHERE id = $1
      RETURNING bank_code_tries`,
    [order.id],
  );
  return { ok: false, triesLeft: row?.bank_code_tries ?? 0 };
}
