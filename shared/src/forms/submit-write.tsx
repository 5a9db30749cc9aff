import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiError } from 'shared/api/api-error';
import { applyServerError, type ServerErrorOptions } from 'shared/forms/server-errors';

export interface SubmitWriteOptions<T extends FieldValues, V, A> extends ServerErrorOptions<T> {
  /**
   * Sends what the form holds once it is valid. Resolves to undefined when nothing went: the
   * same write already on its way (useWrite's `send`), or nothing left to send.
   */
  send: (values: V) => Promise<A | undefined>;
  /** After a send that went through, with its answer and the values it was sent from. */
  onSent?: (answer: A, values: V) => void;
  /** After the failure is on the form (its fields and FormAlert), for what the form still decides. */
  onFailed?: (error: ApiError) => void;
}

/**
 * The submit handler of a form that sends one write: the form's rules first
 * (handleSubmit), then the write; a failure reaches the form through applyServerError, which
 * puts each message at its field or in the form's alert and moves focus there. SubmitButton
 * reads the busy state from the same submit.
 */
export function handleSubmitWrite<T extends FieldValues, C, V extends FieldValues, A>(
  form: UseFormReturn<T, C, V>,
  { send, onSent, onFailed, ...serverErrors }: SubmitWriteOptions<T, V, A>,
): (event?: BaseSyntheticEvent) => Promise<void> {
  return form.handleSubmit(async (values) => {
    let answer: A | undefined;
    try {
      answer = await send(values);
    } catch (caught) {
      const error = applyServerError(form, caught, serverErrors);
      onFailed?.(error);
      return;
    }
    // Outside the try: a mistake in what follows a success is no message from the provider.
    if (answer !== undefined) onSent?.(answer, values);
  });
}
