import type { ApiError } from 'shared/api/api-error';
import { kaLoans } from '../ka-loans';

/** A refusal the provider names by one of its v1.1 codes, in the slice's Georgian; else null. */
export function knownRefusal(error: ApiError): string | null {
  const code = error.code as keyof typeof kaLoans.refusal | null;
  return code && code in kaLoans.refusal ? kaLoans.refusal[code] : null;
}

/**
 * A provider's refusal of a money action, in the slice's Georgian: the v1.1 codes by name,
 * anything else (a network failure, a 5xx, a field message) as the API client worded it.
 */
export function refusalText(error: ApiError): string {
  const field = Object.values(error.fieldErrors).flat()[0];
  return knownRefusal(error) ?? field ?? error.message;
}
