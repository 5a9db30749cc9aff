import type { Queryable } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';

/** Why a helper's change did not apply: its 400 answer's code and Georgian message. */
export interface Refusal {
  code: string;
  message: string;
}

/**
 * A helper's change that applies only to a row in one state (a complaint not yet answered, a
 * hardship request not yet decided, an order created or processing): `change` writes only
 * such a row and answers with it, so when it writes nothing the row is either missing (404)
 * or past that state (400 `refusal`).
 */
export async function changeOnce<T>(
  q: Queryable,
  table: 'complaints' | 'hardship_requests' | 'payment_orders',
  id: number | null,
  change: (id: number) => Promise<T | null>,
  refusal: Refusal,
): Promise<T> {
  if (id === null) throw notFound();
  const changed = await change(id);
  if (changed !== null) return changed;
  const [exists] = await q.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  if (!exists) throw notFound();
  throw new HttpError(400, refusal.code, refusal.message);
}
