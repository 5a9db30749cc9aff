import type { ApiError } from 'shared/api/api-error';
import { format, ka } from 'shared/strings/ka';

/** A message for a failed call: throttling names its wait, else the provider's own words. */
export function apiErrorMessage(error: ApiError): string {
  if (error.code === 'throttled') {
    return format(ka.verification.throttled, { seconds: error.retryAfterSeconds ?? 60 });
  }
  return error.message;
}

/**
 * The form-level message for a failed call, or null when every message it carries is shown
 * at one of the form's `fields` (a message for a field the form lacks still reaches the customer).
 */
export function formErrorMessage(error: ApiError | null, fields: readonly string[]): string | null {
  if (!error) return null;
  const nonField = error.fieldErrors.non_field_errors?.[0];
  if (nonField) return nonField;
  const named = Object.keys(error.fieldErrors);
  if (named.length > 0 && named.every((field) => fields.includes(field))) return null;
  return apiErrorMessage(error);
}
