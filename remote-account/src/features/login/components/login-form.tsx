import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { type ApiError, toApiError } from 'shared/api/api-error';
import { obtainTokens } from 'shared/api/user/token';
import { useAuthStore } from 'shared/auth/auth-store';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { type FieldErrors, firstIssues, personalNumberSchema } from 'shared/lib/validation';
import { format, ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { TextField } from 'shared/ui/text-field';
import { z } from 'zod';
import { PersonalNumberField } from '../../../components/personal-number-field';
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
  if (error.code === 'throttled') {
    return format(ka.account.throttled, { seconds: error.retryAfterSeconds ?? 60 });
  }
  return error.message;
}

/** The login form: personal number and password; on success the shared session is set. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const showPending = useDelayedFlag(pending);
  const setSession = useAuthStore((state) => state.setSession);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstIssues<Field>(parsed.error));
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      setSession(await obtainTokens(parsed.data));
      onSuccess();
    } catch (error) {
      const apiError = toApiError(error);
      setFieldErrors({
        username: apiError.fieldErrors.username?.[0],
        password: apiError.fieldErrors.password?.[0],
      });
      setFormError(messageFor(apiError));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
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
      <Button type="submit" disabled={pending}>
        {showPending ? ka.account.loggingIn : ka.account.submitLogin}
      </Button>
      <Link to="/recovery">{ka.account.forgotPassword}</Link>
    </form>
  );
}
