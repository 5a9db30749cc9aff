import type { ApiError } from 'shared/api/api-error';
import { format, ka } from 'shared/strings/ka';

/** The first message the provider gave for each of a form's fields. */
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

/**
 * The form-level message for a failed submit, or null when the failure is already shown at
 * one of the form's fields. A 400 about another field (or non_field_errors) still gets one,
 * so no failure goes unexplained.
 */
export function formMessage(error: ApiError | null, fields: readonly string[]): string | null {
  if (!error) return null;
  if (fields.some((field) => (error.fieldErrors[field]?.length ?? 0) > 0)) return null;
  if (error.code === 'throttled') {
    return format(ka.account.throttled, { seconds: error.retryAfterSeconds ?? 60 });
  }
  return error.message;
}
