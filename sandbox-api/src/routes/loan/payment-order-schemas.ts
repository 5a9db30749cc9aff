import { z } from 'zod';
import { choiceInput } from '../../lib/text-fields';
import { isoDate, money, moneyInput, paymentSchema, timestamp } from './loan-schemas';

// ---- requests ----

/** A saved card's id, or null. */
const cardInput = z.number().int().min(1).max(2_147_483_647).nullable();

export const orderBody = z
  .object({
    purpose: choiceInput(['repayment', 'payoff'] as const),
    /** For `repayment`; a payoff's amount is the provider's quote for today. */
    amount: moneyInput.optional(),
    card: cardInput.default(null),
    save_card: z.boolean().default(false),
    return_url: z.string().max(2000),
  })
  .strict();

export const autopayBody = z.object({ card: cardInput }).strict();

// ---- answers ----

export const cardSchema = z.object({
  id: z.number().int(),
  brand: z.enum(['visa', 'mastercard']),
  last4: z.string().regex(/^\d{4}$/),
  expires: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  saved_at: timestamp,
});

export const orderSchema = z.object({
  id: z.number().int(),
  loan: z.number().int(),
  purpose: z.enum(['repayment', 'payoff', 'autopay']),
  amount: money,
  status: z.enum(['created', 'processing', 'succeeded', 'declined', 'expired', 'canceled']),
  redirect_url: z.string().nullable(),
  return_url: z.string(),
  created_at: timestamp,
  expires_at: timestamp,
  decided_at: timestamp.nullable(),
  decline_reason: z
    .enum(['insufficient_funds', 'card_declined', 'authentication_failed', 'bank_unavailable'])
    .nullable(),
  card: cardSchema.nullable(),
  payment: paymentSchema.nullable(),
});

export const autopaySchema = z.object({
  loan: z.number().int(),
  card: cardSchema.nullable(),
  since: timestamp.nullable(),
  next_charge: z.object({ date: isoDate, amount: money }).nullable(),
});
