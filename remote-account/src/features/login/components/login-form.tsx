import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiError } from 'shared/api/api-error';
import { FormAlert } from 'shared/forms/form-alert';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { Link } from 'shared/navigation/router';
import * as z from 'shared/validation/zod';
import styles from '../../../components/account.module.css';
import { PasswordField } from '../../../components/password-field';
import { PersonalNumberField } from '../../../components/personal-number-field';
import { kaAccount } from '../../../lib/ka-account';
import { currentPasswordSchema, personalNumberSchema } from '../../../lib/validation';
import { useLogin } from '../hooks/use-login';

const loginSchema = z.object({ username: personalNumberSchema, password: currentPasswordSchema });

/** A refused login says which pair was wrong without saying which half; other failures speak for themselves. */
function describe(error: ApiError): string | null {
  return error.code === 'no_active_account' || error.status === 401
    ? kaAccount.wrongCredentials
    : null;
}

/**
 * The login form: personal number and password. The auth store logs in and loads the
 * customer's data; the header entry then shows the logged-in customer.
 */
export function LoginForm({
  initialUsername = '',
  registerSwitch,
}: {
  initialUsername?: string;
  /** The way over to registration, which the composing layer owns (login knows no other feature). */
  registerSwitch?: ReactNode;
}) {
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: initialUsername, password: '' },
  });
  const onSubmit = handleSubmitWrite(form, { send: login.send, describe });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert control={form.control} />
      <PersonalNumberField control={form.control} name="username" />
      <PasswordField
        control={form.control}
        name="password"
        label={kaAccount.password}
        purpose="current"
      />
      <SubmitButton control={form.control} busyLabel={kaAccount.loggingIn}>
        {kaAccount.submitLogin}
      </SubmitButton>
      <Link to="/recovery">{kaAccount.forgotPassword}</Link>
      {registerSwitch}
    </form>
  );
}
