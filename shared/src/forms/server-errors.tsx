import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { type ApiError, toApiError } from 'shared/api/api-error';

/** Where a form keeps what the provider said about the form as a whole (see FormAlert). */
export const FORM_ERROR = 'root.server';

export interface ServerErrorOptions<T extends FieldValues> {
  /** The form's fields in the order it shows them; by default the keys of its values. */
  fields?: readonly FieldPath<T>[];
  /**
   * The form's own words for a failure that names no field (the login's "wrong personal
   * number or password" for a 401, say); null or undefined keeps the provider's message.
   */
  describe?: (error: ApiError) => string | null | undefined;
}

/**
 * Every message of a failure that no field of the form shows: the rule across fields
 * (`non_field_errors`) first, then messages for fields the form does not have; for an answer
 * without field messages, its one message. Empty when every message has its field.
 */
export function formLevelMessages(
  error: ApiError,
  fields: readonly string[],
  describe?: (error: ApiError) => string | null | undefined,
): string[] {
  const entries = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return [describe?.(error) ?? error.message];
  const own = new Set(fields);
  const messages: string[] = [];
  const add = (list: readonly string[]) => {
    for (const message of list) if (!messages.includes(message)) messages.push(message);
  };
  add(error.fieldErrors.non_field_errors ?? []);
  for (const [field, list] of entries) {
    if (field !== 'non_field_errors' && !own.has(field)) add(list);
  }
  return messages;
}

/**
 * The one way a failed submit reaches a form: each message for a field the form has is shown
 * at that field, and the first such field takes focus; everything else (non_field_errors,
 * messages for fields the form lacks, a failure with no field at all) becomes the form's
 * `root.server` error, which FormAlert shows and focuses. No message of the provider is
 * dropped. Returns the failure as an ApiError for any decision the form still has to make.
 */
export function applyServerError<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; getValues: UseFormGetValues<T> },
  caught: unknown,
  options: ServerErrorOptions<T> = {},
): ApiError {
  const error = toApiError(caught);
  const fields = options.fields ?? (Object.keys(form.getValues()) as FieldPath<T>[]);
  let focused = false;
  for (const field of fields) {
    const messages = error.fieldErrors[field];
    if (!messages || messages.length === 0) continue;
    form.setError(
      field,
      { type: 'server', message: messages.join(' ') },
      { shouldFocus: !focused },
    );
    focused = true;
  }
  const rest = formLevelMessages(error, fields, options.describe);
  if (rest.length > 0) {
    form.setError(FORM_ERROR, { type: 'server', message: rest.join('\n') });
  }
  return error;
}
