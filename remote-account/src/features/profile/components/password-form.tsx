import { type FormEvent, useId, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { TextField } from 'shared/ui/text-field';
import { z } from 'zod';
import { useSubmit } from '../../../hooks/use-submit';
import { formErrorMessage, serverFieldErrors } from '../../../lib/form-errors';
import { type FieldErrors, firstIssues, passwordSchema } from '../../../lib/validation';
import { changePassword } from '../api/change-password';
import { kaProfile } from '../ka-profile';
import styles from './profile-form.module.css';

const changeSchema = z.object({
  // The current password is checked by the provider; any non-empty one is sent.
  old_password: z.string().min(1, ka.common.requiredField),
  new_password: passwordSchema,
  new_password_confirm: z.string(),
});
type Field = keyof z.infer<typeof changeSchema>;
const SERVER_FIELDS: readonly Field[] = ['old_password', 'new_password'];
const empty: Record<Field, string> = {
  old_password: '',
  new_password: '',
  new_password_confirm: '',
};

/** Client-side rules, plus the confirmation, which only the client knows about. */
function validate(values: Record<Field, string>): FieldErrors<Field> {
  const parsed = changeSchema.safeParse(values);
  const errors = parsed.success ? {} : firstIssues<Field>(parsed.error);
  if (values.new_password_confirm !== values.new_password) {
    errors.new_password_confirm = kaProfile.passwordMismatch;
  }
  return errors;
}

/** Changes the password with the current one; stays open so a mistake is easy to retry. */
export function PasswordForm({ personalNumber }: { personalNumber: string }) {
  const [values, setValues] = useState(empty);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  const titleId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const errors = validate(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      submit.reset();
      return;
    }
    void submit.run(async () => {
      try {
        await changePassword({
          old_password: values.old_password,
          new_password: values.new_password,
        });
        setValues(empty);
        setDone(true);
      } catch (error) {
        const apiError = toApiError(error);
        setFieldErrors(serverFieldErrors(apiError, SERVER_FIELDS));
        throw apiError;
      }
    });
  };

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const formError = formErrorMessage(submit.error, SERVER_FIELDS);

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {kaProfile.passwordTitle}
      </h3>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {done ? <Alert tone="success">{kaProfile.passwordChanged}</Alert> : null}
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={personalNumber}
        readOnly
        hidden
      />
      <TextField
        label={kaProfile.currentPassword}
        name="old_password"
        type="password"
        autoComplete="current-password"
        value={values.old_password}
        error={fieldErrors.old_password}
        onChange={change('old_password')}
      />
      <TextField
        label={ka.account.newPassword}
        hint={ka.account.newPasswordHint}
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={values.new_password}
        error={fieldErrors.new_password}
        onChange={change('new_password')}
      />
      <TextField
        label={kaProfile.newPasswordConfirm}
        name="new_password_confirm"
        type="password"
        autoComplete="new-password"
        value={values.new_password_confirm}
        error={fieldErrors.new_password_confirm}
        onChange={change('new_password_confirm')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={submit.pending}>
          {submit.showPending ? ka.account.settingPassword : ka.account.setPassword}
        </Button>
      </div>
    </form>
  );
}
