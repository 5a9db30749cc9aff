import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { applyServerError } from 'shared/forms/server-errors';
import { SubmitButton } from 'shared/forms/submit-button';
import { Alert } from 'shared/ui/alert';
import * as z from 'shared/validation/zod';
import { kaAccount } from '../../../lib/ka-account';
import {
  currentPasswordSchema,
  passwordConfirmationSchema,
  passwordSchema,
  withPasswordConfirmation,
} from '../../../lib/validation';
import { useChangePassword } from '../hooks/use-profile-writes';
import { kaProfile } from '../ka-profile';
import styles from './profile-form.module.css';

// The current password is checked by the provider; the confirmation only by the client.
const changeSchema = withPasswordConfirmation(
  z.object({
    old_password: currentPasswordSchema,
    new_password: passwordSchema,
    new_password_confirm: passwordConfirmationSchema,
  }),
  'new_password',
  'new_password_confirm',
);

const empty = { old_password: '', new_password: '', new_password_confirm: '' };

/** Changes the password with the current one; stays open so a mistake is easy to retry. */
export function PasswordForm({ personalNumber }: { personalNumber: string }) {
  const [done, setDone] = useState(false);
  const titleId = useId();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changeSchema), defaultValues: empty });
  const submit = form.handleSubmit(async ({ old_password, new_password }) => {
    try {
      if (!(await change.send({ old_password, new_password }))) return;
      form.reset(empty);
      setDone(true);
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        setDone(false);
        void submit(event);
      }}
      noValidate
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={styles.title}>
        {kaProfile.passwordTitle}
      </h3>
      <FormAlert control={form.control} />
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
      <FormTextField
        control={form.control}
        name="old_password"
        label={kaProfile.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        control={form.control}
        name="new_password"
        label={kaAccount.newPassword}
        hint={kaAccount.newPasswordHint}
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={form.control}
        name="new_password_confirm"
        label={kaProfile.newPasswordConfirm}
        type="password"
        autoComplete="new-password"
      />
      <div className={styles.actions}>
        <SubmitButton control={form.control} busyLabel={kaAccount.settingPassword}>
          {kaAccount.setPassword}
        </SubmitButton>
      </div>
    </form>
  );
}
