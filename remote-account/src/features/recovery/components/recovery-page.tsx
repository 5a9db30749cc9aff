import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { TextField } from 'shared/ui/text-field';
import { z } from 'zod';
import { CodeField } from '../../../components/code-field';
import { PersonalNumberField } from '../../../components/personal-number-field';
import { useSubmit } from '../../../hooks/use-submit';
import { errorMessage } from '../../../lib/form-errors';
import {
  codeSchema,
  type FieldErrors,
  firstIssues,
  passwordSchema,
  personalNumberSchema,
} from '../../../lib/validation';
import { recoverPassword, requestPasswordReset } from '../api/password-recovery';
import styles from './recovery-page.module.css';

type Step = 'request' | 'reset' | 'done';

const resetSchema = z.object({ code: codeSchema, new_password: passwordSchema });
type ResetField = keyof z.infer<typeof resetSchema>;

/**
 * Password recovery on /recovery: ask for an SMS code with the personal number, then set a
 * new password with that code, then log in.
 */
export default function RecoveryPage() {
  const [step, setStep] = useState<Step>('request');
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | undefined>();
  const [values, setValues] = useState({ code: '', new_password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<ResetField>>({});
  const submit = useSubmit();
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step moves focus to the heading, so screen readers hear where they are.
  useEffect(() => {
    if (step !== 'request') heading.current?.focus();
  }, [step]);

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = personalNumberSchema.safeParse(username);
    setUsernameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    void submit.run(async () => {
      await requestPasswordReset(parsed.data);
      setStep('reset');
    });
  };

  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstIssues<ResetField>(parsed.error));
      return;
    }
    setFieldErrors({});
    void submit.run(async () => {
      try {
        await recoverPassword({ username, ...parsed.data });
        setStep('done');
      } catch (error) {
        const apiError = toApiError(error);
        setFieldErrors({
          code: apiError.fieldErrors.code?.[0],
          new_password: apiError.fieldErrors.new_password?.[0],
        });
        throw apiError;
      }
    });
  };

  const formError =
    submit.error && Object.keys(submit.error.fieldErrors).length === 0
      ? errorMessage(submit.error)
      : null;

  return (
    <section className={styles.page} aria-labelledby="recovery-title">
      <h1 id="recovery-title" className={styles.title} ref={heading} tabIndex={-1}>
        {ka.account.recoveryTitle}
      </h1>
      {formError ? <Alert tone="error">{formError}</Alert> : null}

      {step === 'request' ? (
        <form className={styles.form} onSubmit={onRequest} noValidate>
          <p className={styles.intro}>{ka.account.recoveryIntro}</p>
          <PersonalNumberField value={username} error={usernameError} onChange={setUsername} />
          <Button type="submit" disabled={submit.pending}>
            {submit.showPending ? ka.account.sendingCode : ka.account.sendCode}
          </Button>
        </form>
      ) : null}

      {step === 'reset' ? (
        <form className={styles.form} onSubmit={onReset} noValidate>
          <Alert tone="info">{ka.account.codeSent}</Alert>
          <CodeField
            value={values.code}
            error={fieldErrors.code}
            onChange={(code) => setValues({ ...values, code })}
          />
          <TextField
            label={ka.account.newPassword}
            hint={ka.account.newPasswordHint}
            name="new_password"
            type="password"
            autoComplete="new-password"
            value={values.new_password}
            error={fieldErrors.new_password}
            onChange={(event) => setValues({ ...values, new_password: event.target.value })}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={submit.pending}>
              {submit.showPending ? ka.account.settingPassword : ka.account.setPassword}
            </Button>
            <Button variant="ghost" onClick={() => setStep('request')}>
              {ka.account.startOver}
            </Button>
          </div>
        </form>
      ) : null}

      {step === 'done' ? (
        <>
          <Alert tone="success">{ka.account.recoveryDone}</Alert>
          <Link to="/?login=1">{ka.account.login}</Link>
        </>
      ) : null}
    </section>
  );
}
