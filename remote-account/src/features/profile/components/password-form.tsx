import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from 'shared/forms/form-alert';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { Alert } from 'shared/ui/alert';
import * as z from 'shared/validation/zod';
import { NewPasswordField, SetPasswordButton } from '../../../components/new-password';
import { PasswordField } from '../../../components/password-field';
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
  const submit = handleSubmitWrite(form, {
    send: ({ old_password, new_password }) => change.send({ old_password, new_password }),
    onSent: () => {
      form.reset(empty);
      setDone(true);
    },
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
      <PasswordField
        control={form.control}
        name="old_password"
        label={kaProfile.currentPassword}
        purpose="current"
      />
      <NewPasswordField control={form.control} name="new_password" />
      <PasswordField
        control={form.control}
        name="new_password_confirm"
        label={kaProfile.newPasswordConfirm}
        purpose="repeat"
      />
      <div className={styles.actions}>
        <SetPasswordButton control={form.control} />
      </div>
    </form>
  );
}
