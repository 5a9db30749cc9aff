import { timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

/**
 * A card the customer saved at the bank (contract v1.3): its brand, last four digits and
 * expiry, never more of the number. The account panel lists and removes them; the loans slice
 * pays with one and charges one automatically, so the one schema is shared.
 */
export const cardSchema = z.object({
  id: z.int(),
  brand: z.enum(['visa', 'mastercard']),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  /** MM/YY, as the card shows it. */
  expires: z.string().check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/)),
  saved_at: timestampSchema,
});
export type Card = z.infer<typeof cardSchema>;

/** GET /api/user/cards/: the logged-in customer's saved cards. */
export function fetchCards(signal?: AbortSignal): Promise<Card[]> {
  return requestJson(z.array(cardSchema), { method: 'GET', url: '/api/user/cards/', signal });
}

/**
 * DELETE /api/user/cards/{id}/ (204): the card is gone, and a loan whose automatic payment
 * used it has that turned off (the caller refreshes the loans' automatic payments).
 */
export async function removeCard(id: number): Promise<void> {
  await requestJson(z.unknown(), { method: 'DELETE', url: `/api/user/cards/${id}/` });
}
