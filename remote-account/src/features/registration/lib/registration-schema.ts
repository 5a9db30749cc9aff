import { ka } from 'shared/strings/ka';
import { z } from 'zod';
import {
  emailSchema,
  type FieldErrors,
  passwordSchema,
  personalNumberSchema,
  phoneSchema,
} from '../../../lib/validation';
import type { Registration } from '../api/register';
import { kaRegistration } from '../ka-registration';
import { isAdult, parseIsoDate } from './birth-date';

/** Every field of the contract's registration, in the order the form shows them. */
export const REGISTRATION_FIELDS = [
  'personal_number',
  'first_name',
  'last_name',
  'birth_date',
  'phone_number',
  'email',
  'password',
  'password_confirm',
  'terms_of_contract',
] as const satisfies readonly (keyof Registration)[];
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationErrors = FieldErrors<RegistrationField>;

/** What the customer has typed; `terms_of_contract` is the acceptance box until it is sent. */
export type RegistrationValues = Omit<Registration, 'terms_of_contract'> & {
  terms_of_contract: boolean;
};

export const emptyRegistration: RegistrationValues = {
  personal_number: '',
  first_name: '',
  last_name: '',
  birth_date: '',
  phone_number: '',
  email: '',
  password: '',
  password_confirm: '',
  terms_of_contract: false,
};

/** The oldest plausible birth year: earlier ones are typing slips in the date's year. */
const EARLIEST_BIRTH_YEAR = 1900;

const nameSchema = z
  .string()
  .trim()
  .min(1, ka.common.requiredField)
  .max(100, kaRegistration.nameTooLong);

/**
 * A Georgian mobile as people write it ("555 12 34 56", "+995 555123456") becomes the
 * contract's 9 digits; anything else is left for the rule to reject.
 */
export function normalisePhone(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '');
  return compact.replace(/^\+?995(?=5\d{8}$)/, '');
}

/** The client's copy of the contract's rules, checked against Georgia's today for the age. */
export function registrationSchema(todayIso: string) {
  return z
    .object({
      personal_number: personalNumberSchema,
      first_name: nameSchema,
      last_name: nameSchema,
      birth_date: z
        .string()
        .min(1, ka.common.requiredField)
        .refine((value) => {
          const date = parseIsoDate(value);
          return date !== null && date.year >= EARLIEST_BIRTH_YEAR;
        }, kaRegistration.birthDateInvalid)
        .refine((value) => isAdult(value, todayIso), kaRegistration.underage),
      phone_number: z
        .string()
        .transform(normalisePhone)
        .pipe(z.string().min(1, ka.common.requiredField).pipe(phoneSchema)),
      email: z.string().trim().min(1, ka.common.requiredField).pipe(emailSchema),
      password: z.string().min(1, ka.common.requiredField).pipe(passwordSchema),
      password_confirm: z.string().min(1, ka.common.requiredField),
      terms_of_contract: z.literal(true, { error: kaRegistration.termsRequired }),
    })
    .refine((values) => values.password === values.password_confirm, {
      path: ['password_confirm'],
      message: kaRegistration.passwordMismatch,
      // A mismatch is worth reporting even while other fields still have problems.
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        'password_confirm' in payload.value &&
        payload.value.password_confirm !== '',
    });
}
