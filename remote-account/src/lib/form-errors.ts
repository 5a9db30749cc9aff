import type { ApiError } from 'shared/api/api-error';
import { format, ka } from 'shared/strings/ka';

/** The provider's first message for each of a form's own fields, to show at that field. */
export function serverFieldErrors<K extends string>(
  error: ApiError,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) out[field] = message;
  }
  return out;
}

/** A failed call in words: throttling names its wait, else the provider's own (Georgian) words. */
export function errorMessage(error: ApiError): string {
  if (error.code === 'throttled') {
    return format(ka.account.throttled, { seconds: error.retryAfterSeconds ?? 60 });
  }
  return error.message;
}

/**
 * The form-level message for a failed submit, or null when every message it carries is shown
 * at one of the form's `fields`. A rule across fields (non_field_errors) or a message for a
 * field the form lacks still reaches the customer: no failure goes unexplained.
 */
export function formErrorMessage(error: ApiError | null, fields: readonly string[]): string | null {
  if (!error) return null;
  const nonField = error.fieldErrors.non_field_errors?.[0];
  if (nonField) return nonField;
  const elsewhere = Object.entries(error.fieldErrors).find(
    ([field, messages]) => !fields.includes(field) && messages[0],
  );
  if (elsewhere) return elsewhere[1][0] ?? error.message;
  if (Object.keys(error.fieldErrors).length > 0) return null;
  return errorMessage(error);
}
