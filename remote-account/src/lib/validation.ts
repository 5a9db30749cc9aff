import * as z from 'shared/validation/zod';
import { kaAccount } from './ka-account';
import { kaValidation } from './ka-validation';

/*
 * The contract's field rules (provider-api.md, Users and auth), one schema per concept, with
 * Georgian messages. Every form of the slice builds its schema from these.
 */

const required = kaAccount.requiredField;

/** The Georgian personal number, the account's username: 11 digits. */
export const personalNumberSchema = z
  .string()
  .check(z.trim(), z.regex(/^\d{11}$/, kaAccount.personalNumberInvalid));

/** A first or last name as the provider keeps it: 1 to 100 characters. */
export const nameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, required), z.maxLength(100, kaValidation.nameTooLong));

/** A password being set: 8 to 128 characters with at least one letter and one digit. */
export const passwordSchema = z.pipe(
  z.string().check(z.minLength(1, required)),
  z
    .string()
    .check(
      z.minLength(8, kaAccount.passwordInvalid),
      z.maxLength(128, kaAccount.passwordInvalid),
      z.regex(/\p{L}/u, kaAccount.passwordInvalid),
      z.regex(/\d/, kaAccount.passwordInvalid),
    ),
);

/** The password that proves who one is: any non-empty one; the rules apply when it is set. */
export const currentPasswordSchema = z.string().check(z.minLength(1, required));

/** The repetition of a new password; withPasswordConfirmation checks that it matches. */
export const passwordConfirmationSchema = z.string().check(z.minLength(1, required));

/** A one-time code from an SMS or e-mail: 6 digits. */
export const codeSchema = z.string().check(z.regex(/^\d{6}$/, kaAccount.codeInvalid));

/**
 * A Georgian mobile as people write it ("555 12 34 56", "+995 555123456") becomes the
 * contract's 9 digits; anything else is left for the rule to reject.
 */
export function normalisePhone(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '');
  return compact.replace(/^\+?995(?=5\d{8}$)/, '');
}

/** A Georgian mobile: 9 digits starting with 5, after normalisePhone. */
export const phoneSchema = z.pipe(
  z.pipe(z.string(), z.transform(normalisePhone)),
  z.string().check(z.minLength(1, required), z.regex(/^5\d{8}$/, kaAccount.phoneInvalid)),
);

/** An e-mail address (at most 254 characters, the longest a mailbox can have). */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, required)),
  z.pipe(
    z.string().check(z.maxLength(254, kaAccount.emailInvalid)),
    z.email(kaAccount.emailInvalid),
  ),
);

/**
 * A new password and its confirmation, as registration and the password change ask for them:
 * the confirmation must repeat the password. Reported at the confirmation, and even while
 * other fields still have problems, so one submit names every mistake.
 */
export function withPasswordConfirmation<
  S extends z.ZodMiniObject,
  P extends keyof z.output<S> & string,
  C extends keyof z.output<S> & string,
>(schema: S, password: P, confirmation: C) {
  const repeated = (value: unknown) => {
    const values = value as Record<string, unknown>;
    return values[confirmation] === values[password];
  };
  return schema.check(
    z.refine(repeated, {
      path: [confirmation],
      message: kaValidation.passwordMismatch,
      when: ({ value }) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as Record<string, unknown>)[confirmation] === 'string' &&
        (value as Record<string, unknown>)[confirmation] !== '',
    }),
  );
}
