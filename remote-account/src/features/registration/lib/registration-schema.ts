import * as z from 'shared/validation/zod';
import { kaAccount } from '../../../lib/ka-account';
import {
  emailSchema,
  nameSchema,
  passwordConfirmationSchema,
  passwordSchema,
  personalNumberSchema,
  phoneSchema,
  withPasswordConfirmation,
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
  'personal_data_consent',
  'marketing_consent',
] as const satisfies readonly (keyof Registration)[];

/**
 * What the customer has typed; `terms_of_contract` and `personal_data_consent` are the
 * acceptance boxes until they are sent as the accepted documents' ids.
 */
export type RegistrationValues = Omit<
  Registration,
  'terms_of_contract' | 'personal_data_consent'
> & {
  terms_of_contract: boolean;
  personal_data_consent: boolean;
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
  personal_data_consent: false,
  marketing_consent: false,
};

/** The oldest plausible birth year: earlier ones are typing slips in the date's year. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** The client's copy of the contract's rules, checked against Georgia's today for the age. */
export function registrationSchema(todayIso: string) {
  return withPasswordConfirmation(
    z.object({
      personal_number: personalNumberSchema,
      first_name: nameSchema,
      last_name: nameSchema,
      birth_date: z.string().check(
        z.minLength(1, kaAccount.requiredField),
        z.refine((value) => {
          const date = parseIsoDate(value);
          return date !== null && date.year >= EARLIEST_BIRTH_YEAR;
        }, kaRegistration.birthDateInvalid),
        z.refine((value) => isAdult(value, todayIso), kaRegistration.underage),
      ),
      phone_number: phoneSchema,
      email: emailSchema,
      password: passwordSchema,
      password_confirm: passwordConfirmationSchema,
      terms_of_contract: z
        .boolean()
        .check(z.refine((accepted) => accepted, kaRegistration.termsRequired)),
      personal_data_consent: z
        .boolean()
        .check(z.refine((accepted) => accepted, kaRegistration.personalDataRequired)),
      // Optional: registration never depends on it.
      marketing_consent: z.boolean(),
    }),
    'password',
    'password_confirm',
  );
}
