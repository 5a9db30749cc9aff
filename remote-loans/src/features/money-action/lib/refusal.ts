import type { ApiError } from 'shared/api/api-error';
import { kaLoans } from '../../../ka-loans';

/**
 * A provider's refusal of a money action, in the slice's Georgian: the v1.1 codes by name,
 * anything else (a network failure, a 5xx, a field message) as the API client worded it.
 */
export function refusalText(error: ApiError): string {
  const code = error.code as keyof typeof kaLoans.refusal | null;
  if (code && code in kaLoans.refusal) return kaLoans.refusal[code];
  const field = Object.values(error.fieldErrors).flat()[0];
  return field ?? error.message;
}
