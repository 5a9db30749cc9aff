import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export interface Registration {
  personal_number: string;
  first_name: string;
  last_name: string;
  /** ISO date, YYYY-MM-DD. */
  birth_date: string;
  /** 9 digits starting with 5. */
  phone_number: string;
  email: string;
  password: string;
  password_confirm: string;
  /** The id of the registration terms (contact_type=2) the customer accepted. */
  terms_of_contract: number;
  /** The id of the personal-data notice (contact_type=3) the customer accepted (v1.1). */
  personal_data_consent: number;
  /** Marketing (v1.2): its own box, unticked unless the customer ticks it; sent "true"/"false". */
  marketing_consent: boolean;
}

/** The answer to a registration: the new customer's id. */
export const registeredSchema = z.object({ id: z.int() });

/** POST /api/user/register/ as a multipart form; the customer stays logged out (spec §4). */
export async function register(registration: Registration): Promise<{ id: number }> {
  const form = new FormData();
  for (const [field, value] of Object.entries(registration)) form.append(field, String(value));
  return requestJson(registeredSchema, {
    method: 'POST',
    url: '/api/user/register/',
    data: form,
  });
}
