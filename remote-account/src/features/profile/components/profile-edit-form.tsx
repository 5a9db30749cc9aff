import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { type User, type UserUpdate, updateUser } from 'shared/api/user/user-details';
import { useAuthStore } from 'shared/auth/auth-store';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { TextField } from 'shared/ui/text-field';
import { z } from 'zod';
import { useSubmit } from '../../../hooks/use-submit';
import { formErrorMessage, serverFieldErrors } from '../../../lib/form-errors';
import { emailSchema, type FieldErrors, firstIssues } from '../../../lib/validation';
import { kaProfile } from '../ka-profile';
import styles from './profile-form.module.css';

const nameSchema = z
  .string()
  .trim()
  .min(1, ka.common.requiredField)
  .max(100, kaProfile.nameTooLong);
const updateSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
});
type Field = keyof z.infer<typeof updateSchema>;
const FIELDS: readonly Field[] = ['first_name', 'last_name', 'email'];

/** How a save ended, for the view to announce. */
export type SaveOutcome = 'saved' | 'saved-email-changed' | 'unchanged';

/**
 * Edits the customer's name and e-mail. Only the fields that changed are sent, so an
 * untouched e-mail is never re-submitted (and never loses its verification).
 */
export function ProfileEditForm({
  user,
  onDone,
  onCancel,
}: {
  user: User;
  onDone: (outcome: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const submit = useSubmit();
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);

  // The form replaces the view: the cursor goes where typing starts.
  useEffect(() => {
    const first = form.current?.elements.namedItem('first_name');
    if (first instanceof HTMLInputElement) first.focus();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstIssues<Field>(parsed.error));
      submit.reset();
      return;
    }
    setFieldErrors({});
    const patch: UserUpdate = {};
    for (const field of FIELDS) {
      if (parsed.data[field] !== user[field]) patch[field] = parsed.data[field];
    }
    if (Object.keys(patch).length === 0) {
      onDone('unchanged');
      return;
    }
    void submit.run(async () => {
      try {
        const answered = await updateUser(user.id, patch);
        useAuthStore.getState().setUser(answered);
        // The provider answers a changed address unverified; the customer must confirm it again.
        onDone(
          patch.email !== undefined && !answered.email_verified ? 'saved-email-changed' : 'saved',
        );
      } catch (error) {
        const apiError = toApiError(error);
        setFieldErrors(serverFieldErrors(apiError, FIELDS));
        throw apiError;
      }
    });
  };

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const formError = formErrorMessage(submit.error, FIELDS);

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={styles.title}>
        {kaProfile.editTitle}
      </h3>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={kaProfile.firstName}
        name="first_name"
        autoComplete="given-name"
        value={values.first_name}
        error={fieldErrors.first_name}
        onChange={change('first_name')}
      />
      <TextField
        label={kaProfile.lastName}
        name="last_name"
        autoComplete="family-name"
        value={values.last_name}
        error={fieldErrors.last_name}
        onChange={change('last_name')}
      />
      <TextField
        label={kaProfile.email}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        error={fieldErrors.email}
        onChange={change('email')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={submit.pending}>
          {submit.showPending ? kaProfile.saving : kaProfile.save}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {kaProfile.cancel}
        </Button>
      </div>
    </form>
  );
}
