import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from 'shared/forms/form-alert';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { Link } from 'shared/navigation/router';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import * as z from 'shared/validation/zod';
import { CodeField } from '../../../components/code-field';
import { NewPasswordField, SetPasswordButton } from '../../../components/new-password';
import { PersonalNumberField } from '../../../components/personal-number-field';
import { kaAccount } from '../../../lib/ka-account';
import { codeSchema, passwordSchema, personalNumberSchema } from '../../../lib/validation';
import { useRecoverPassword, useRequestPasswordReset } from '../hooks/use-recovery-writes';
import styles from './recovery-page.module.css';

type Step = 'request' | 'reset' | 'done';

const requestSchema = z.object({ username: personalNumberSchema });
const resetSchema = z.object({ code: codeSchema, new_password: passwordSchema });

/**
 * Password recovery on /recovery: ask for an SMS code with the personal number, then set a
 * new password with that code, then log in.
 */
export default function RecoveryPage() {
  const [step, setStep] = useState<Step>('request');
  const [username, setUsername] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step moves focus to the heading, so screen readers hear where they are.
  useEffect(() => {
    if (step !== 'request') heading.current?.focus();
  }, [step]);

  return (
    <section className={styles.page} aria-labelledby="recovery-title">
      <h1 id="recovery-title" className={styles.title} ref={heading} tabIndex={-1}>
        {ka.account.recoveryTitle}
      </h1>
      {step === 'request' ? (
        <RequestStep
          username={username}
          onSent={(sentTo) => {
            setUsername(sentTo);
            setStep('reset');
          }}
        />
      ) : null}
      {step === 'reset' ? (
        <ResetStep
          username={username}
          onDone={() => setStep('done')}
          onStartOver={() => setStep('request')}
        />
      ) : null}
      {step === 'done' ? (
        <>
          <Alert tone="success">{kaAccount.recoveryDone}</Alert>
          <Link to="/?login=1">{ka.account.login}</Link>
        </>
      ) : null}
    </section>
  );
}

/** Step 1: the personal number the SMS code goes to. */
function RequestStep({
  username,
  onSent,
}: {
  username: string;
  onSent: (username: string) => void;
}) {
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(requestSchema),
    defaultValues: { username },
  });
  const onSubmit = handleSubmitWrite(form, {
    send: (values) => request.send(values.username),
    onSent: (_answer, values) => onSent(values.username),
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert control={form.control} />
      <p className={styles.intro}>{kaAccount.recoveryIntro}</p>
      <PersonalNumberField control={form.control} name="username" />
      <SubmitButton control={form.control} busyLabel={kaAccount.sendingCode}>
        {kaAccount.sendCode}
      </SubmitButton>
    </form>
  );
}

/**
 * Step 2: the code and the new password. The personal number is not on this step, so a
 * provider message about it reaches the customer in the form's alert.
 */
function ResetStep({
  username,
  onDone,
  onStartOver,
}: {
  username: string;
  onDone: () => void;
  onStartOver: () => void;
}) {
  const recover = useRecoverPassword();
  const form = useForm({
    resolver: zodResolver(resetSchema),
    defaultValues: { code: '', new_password: '' },
  });
  const onSubmit = handleSubmitWrite(form, {
    send: (values) => recover.send({ username, ...values }),
    onSent: onDone,
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Alert tone="info">{kaAccount.codeSent}</Alert>
      <FormAlert control={form.control} />
      <CodeField control={form.control} name="code" />
      <NewPasswordField control={form.control} name="new_password" />
      <div className={styles.actions}>
        <SetPasswordButton control={form.control} />
        <Button variant="ghost" onClick={onStartOver}>
          {kaAccount.startOver}
        </Button>
      </div>
    </form>
  );
}
