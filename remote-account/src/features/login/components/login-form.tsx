import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { type ApiError, toApiError } from 'shared/api/api-error';
import { useAuthStore } from 'shared/auth/auth-store';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { TextField } from 'shared/ui/text-field';
import { z } from 'zod';
import { PersonalNumberField } from '../../../components/personal-number-field';
import { useSubmit } from '../../../hooks/use-submit';
import { errorMessage } from '../../../lib/form-errors';
import { type FieldErrors, firstIssues, personalNumberSchema } from '../../../lib/validation';
import { kaRegistration } from '../../registration/ka-registration';
import styles from './account.module.css';

const loginSchema = z.object({
  username: personalNumberSchema,
  // At login any non-empty password is sent: the rules apply when one is set, not here.
  password: z.string().min(1, ka.common.requiredField),
});
type Field = keyof z.infer<typeof loginSchema>;

function messageFor(error: ApiError): string {
  if (error.code === 'no_active_account' || error.status === 401)
    return ka.account.wrongCredentials;
  // banned_user and anything else: the provider's own (Georgian) message.
  return errorMessage(error);
}

/**
 * The login form: personal number and password. The auth store logs in and loads the
 * customer's data; the header entry then shows the logged-in customer.
 */
export function LoginForm({
  initialUsername = '',
  onRegister,
}: {
  initialUsername?: string;
  /** Switches to the registration form. */
  onRegister?: () => void;
}) {
  const [values, setValues] = useState({ username: initialUsername, password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const submit = useSubmit();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      submit.reset();
      setFieldErrors(firstIssues<Field>(parsed.error));
      return;
    }
    setFieldErrors({});
    void submit.run(async () => {
      try {
        await useAuthStore.getState().login(parsed.data);
      } catch (error) {
        const apiError = toApiError(error);
        setFieldErrors({
          username: apiError.fieldErrors.username?.[0],
          password: apiError.fieldErrors.password?.[0],
        });
        throw apiError;
      }
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {submit.error ? <Alert tone="error">{messageFor(submit.error)}</Alert> : null}
      <PersonalNumberField
        value={values.username}
        error={fieldErrors.username}
        onChange={(username) => setValues({ ...values, username })}
      />
      <TextField
        label={ka.account.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={fieldErrors.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
      />
      <Button type="submit" disabled={submit.pending}>
        {submit.showPending ? ka.account.loggingIn : ka.account.submitLogin}
      </Button>
      <Link to="/recovery">{ka.account.forgotPassword}</Link>
      {onRegister ? (
        <p className={styles.switchPanel}>
          {kaRegistration.noAccount}{' '}
          <button type="button" className={styles.linkButton} onClick={onRegister}>
            {kaRegistration.register}
          </button>
        </p>
      ) : null}
    </form>
  );
}
