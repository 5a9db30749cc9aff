import { ka } from 'shared/strings/ka';
import { z } from 'zod';

/** The contract's field rules (provider-api.md, Users and auth), with Georgian messages. */
export const personalNumberSchema = z.string().regex(/^\d{11}$/, ka.account.personalNumberInvalid);
export const passwordSchema = z
  .string()
  .min(8, ka.account.passwordInvalid)
  .max(128, ka.account.passwordInvalid)
  .regex(/\p{L}/u, ka.account.passwordInvalid)
  .regex(/\d/, ka.account.passwordInvalid);
export const codeSchema = z.string().regex(/^\d{6}$/, ka.account.codeInvalid);
/** A Georgian mobile: 9 digits starting with 5. */
export const phoneSchema = z.string().regex(/^5\d{8}$/, ka.account.phoneInvalid);
export const emailSchema = z
  .string()
  .trim()
  .max(254, ka.account.emailInvalid)
  .pipe(z.email(ka.account.emailInvalid));

/** Field name → first message, the shape forms render beside each field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function firstIssues<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0]) as K;
    out[key] ??= issue.message;
  }
  return out;
}
