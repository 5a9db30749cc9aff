import * as z from 'shared/validation/zod';

/** Money travels as a decimal string with two places, currency GEL ("1500.00"). */
export const moneySchema = z
  .string()
  .check(z.regex(/^-?\d+\.\d{2}$/, 'money must be a decimal string'));
/** ISO 8601 date ("2026-11-22"). */
export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** ISO 8601 timestamp with offset. */
export const timestampSchema = z.string().check(z.minLength(10));
