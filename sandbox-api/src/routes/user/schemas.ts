import { z } from 'zod';
import { badRequestSchema, detailErrorSchema } from '../../lib/http-errors';

/**
 * The contract's field rules (provider-api.md, Users and auth) with Georgian messages. Each
 * string first has a generous length cap that stops at once, so no huge value reaches a regex
 * or the database; the format rule then gives the message a form shows.
 */
export const MESSAGES = {
  personalNumber: 'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.',
  phone: 'ტელეფონის ნომერი უნდა შედგებოდეს 9 ციფრისგან და იწყებოდეს 5-ით.',
  password: 'პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.',
  code: 'კოდი უნდა შედგებოდეს 6 ციფრისგან.',
  email: 'შეიყვანეთ სწორი ელ-ფოსტის მისამართი.',
  date: 'თარიღი უნდა იყოს ფორმატით YYYY-MM-DD.',
} as const;

const capped = (max: number) => z.string().max(max, { abort: true });

export const personalNumberField = capped(64).regex(/^\d{11}$/, MESSAGES.personalNumber);
export const phoneField = capped(64).regex(/^5\d{8}$/, MESSAGES.phone);
/** 8–128 characters (code points), at least one letter of any script and one digit. */
export const passwordField = capped(512).regex(
  /^(?=[\s\S]*\p{L})(?=[\s\S]*\d)[\s\S]{8,128}$/u,
  MESSAGES.password,
);
export const codeField = capped(64).regex(/^\d{6}$/, MESSAGES.code);
export const emailField = z.string().trim().max(254, { abort: true }).pipe(z.email(MESSAGES.email));
export const nameField = z.string().trim().min(1).max(100);
export const dateField = capped(64).pipe(z.iso.date(MESSAGES.date));

/** `{}` bodies: also accepted when no body is sent at all, as DRF does. */
export const emptyBody = z.object({}).strict().nullish();

type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429;

/** Response schemas of the DRF error shapes a route may answer with. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof badRequestSchema | typeof detailErrorSchema> {
  const out = {} as Record<S, typeof badRequestSchema | typeof detailErrorSchema>;
  for (const status of statuses)
    out[status] = status === 400 ? badRequestSchema : detailErrorSchema;
  return out;
}

export const expiresSchema = z.object({ expires_in: z.int() });
export const emptyObjectSchema = z.object({}).strict();
