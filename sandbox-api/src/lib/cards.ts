import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { CardBrand, CardRule } from './bank-rules';

/** The contract's Card (v1.3): brand, last four, expiry — never more of the number. */
export interface CardView {
  id: number;
  brand: CardBrand;
  last4: string;
  expires: string;
  saved_at: string;
}

export type CardRow = {
  id: number;
  user_id: number;
  brand: CardBrand;
  last4: string;
  expires: string;
  bank_token: string;
  saved_at: Date | string;
  removed_at: Date | string | null;
};

export const CARD_COLUMNS = 'id, user_id, brand, last4, expires, bank_token, saved_at, removed_at';

/** The card that charges a loan's automatic payment, while it is on and the card saved. */
export async function autopayCardOf(
  q: Queryable,
  loanId: number,
): Promise<(CardRow & { autopay_since: Date | string }) | undefined> {
  const [row] = await q.query<CardRow & { autopay_since: Date | string }>(
    `SELECT c.id, c.user_id, c.brand, c.last4, c.expires, c.bank_token, c.saved_at, c.removed_at,
            l.autopay_since
       FROM loans l JOIN cards c ON c.id = l.autopay_card_id
      WHERE l.id = $1 AND c.removed_at IS NULL`,
    [loanId],
  );
  return row;
}

export const cardView = (row: CardRow): CardView => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expires: row.expires,
  saved_at: new Date(row.saved_at).toISOString(),
});

/** The customer's saved cards (not removed), newest first. */
export async function loadCards(q: Queryable, userId: number): Promise<CardRow[]> {
  return q.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM cards WHERE user_id = $1 AND removed_at IS NULL
      ORDER BY saved_at DESC, id DESC`,
    [userId],
  );
}

/** One of the customer's saved cards, or undefined (another's, removed, or none). */
export async function customersCard(
  q: Queryable,
  userId: number,
  id: number,
): Promise<CardRow | undefined> {
  const [row] = await q.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM cards WHERE id = $1 AND user_id = $2 AND removed_at IS NULL`,
    [id, userId],
  );
  return row;
}

/** The bank's answer for a saved card, kept in its vault under the card's token. */
export async function bankRuleOf(q: Queryable, card: CardRow): Promise<CardRule> {
  const [row] = await q.query<{ rule: CardRule }>('SELECT rule FROM bank_cards WHERE token = $1', [
    card.bank_token,
  ]);
  return row?.rule ?? 'approve';
}

export interface CardToSave {
  brand: CardBrand;
  last4: string;
  expires: string;
  rule: CardRule;
}

/**
 * Saves the card a payment was made with: the bank keeps it in its vault under a new token,
 * the provider keeps the token with what a customer may see. The same card saved again
 * (brand, last four and expiry alike) is the card already saved.
 */
export async function saveCard(
  tx: Queryable,
  userId: number,
  card: CardToSave,
  savedAt: Date,
): Promise<number> {
  const [same] = await tx.query<{ id: number }>(
    `SELECT id FROM cards WHERE user_id = $1 AND brand = $2 AND last4 = $3 AND expires = $4
        AND removed_at IS NULL`,
    [userId, card.brand, card.last4, card.expires],
  );
  if (same) return same.id;
  const token = randomBytes(24).toString('base64url');
  await tx.query('INSERT INTO bank_cards (token, rule) VALUES ($1, $2)', [token, card.rule]);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO cards (user_id, brand, last4, expires, bank_token, saved_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, card.brand, card.last4, card.expires, token, savedAt.toISOString()],
  );
  if (!row) throw new Error('card insert returned no row');
  return row.id;
}

/**
 * Removes a saved card; a loan whose automatic payment charged it has that turned off.
 * False when the customer has no such card.
 */
export async function removeCard(
  tx: Queryable,
  userId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const removed = await tx.query(
    `UPDATE cards SET removed_at = $3 WHERE id = $1 AND user_id = $2 AND removed_at IS NULL
     RETURNING id`,
    [id, userId, now.toISOString()],
  );
  if (removed.length === 0) return false;
  await tx.query(
    'UPDATE loans SET autopay_card_id = NULL, autopay_since = NULL WHERE autopay_card_id = $1',
    [id],
  );
  return true;
}
