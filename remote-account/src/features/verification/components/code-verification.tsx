import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import type { User } from 'shared/api/user/user-details';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { CodeField } from '../../../components/code-field';
import { useSubmit } from '../../../hooks/use-submit';
import { formErrorMessage } from '../../../lib/form-errors';
import { codeSchema } from '../../../lib/validation';
import { useCountdown } from '../hooks/use-countdown';
import { kaVerification } from '../ka-verification';
import { ResendCountdown } from './resend-countdown';
import styles from './verification.module.css';

export interface CodeVerificationCopy {
  send: string;
  resend: string;
  /** Has a `{contact}` slot. */
  sent: string;
  code: string;
  confirm: string;
}

type Stage = 'start' | 'sent' | 'recently-sent';

/**
 * Confirms a contact with a one-time code: send it, type it, confirm it. After a send the
 * resend waits `resendAfterSeconds`; a throttled send waits what the provider's Retry-After says.
 */
export function CodeVerification({
  contact,
  copy,
  resendAfterSeconds,
  sendCode,
  confirmCode,
  onVerified,
}: {
  contact: string;
  copy: CodeVerificationCopy;
  resendAfterSeconds: number;
  sendCode: () => Promise<unknown>;
  confirmCode: (code: string) => Promise<User>;
  onVerified: (user: User) => void;
}) {
  const [stage, setStage] = useState<Stage>('start');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const send = useSubmit();
  const confirm = useSubmit();
  const countdown = useCountdown();
  const codeBox = useRef<HTMLDivElement>(null);
  const waiting = countdown.secondsLeft > 0;

  // Once a code is on its way, the cursor goes where it will be typed.
  const codeShown = stage !== 'start';
  useEffect(() => {
    if (codeShown) codeBox.current?.querySelector('input')?.focus();
  }, [codeShown]);

  const onSend = () => {
    confirm.reset();
    void send.run(async () => {
      try {
        await sendCode();
        setStage('sent');
        if (resendAfterSeconds > 0) countdown.start(resendAfterSeconds);
      } catch (error) {
        const apiError = toApiError(error);
        // Throttled means a code went out moments ago: it can be typed while the wait runs.
        if (apiError.code === 'throttled' || apiError.status === 429) {
          setStage('recently-sent');
          countdown.start(apiError.retryAfterSeconds ?? 60);
          return;
        }
        throw apiError;
      }
    });
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    send.reset();
    void confirm.run(async () => {
      try {
        onVerified(await confirmCode(parsed.data));
      } catch (error) {
        const apiError = toApiError(error);
        setCodeError(apiError.fieldErrors.code?.[0]);
        throw apiError;
      }
    });
  };

  const formError =
    formErrorMessage(confirm.error, ['code']) ?? formErrorMessage(send.error, ['code']);
  const sendLabel = send.showPending
    ? kaVerification.sending
    : stage === 'start'
      ? copy.send
      : copy.resend;

  return (
    <div className={styles.stepBody}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {stage === 'sent' ? (
        <Alert tone="info">
          {format(copy.sent, { contact })} {kaVerification.codeSentNote}
        </Alert>
      ) : null}
      {stage === 'recently-sent' ? <Alert tone="info">{kaVerification.recentlySent}</Alert> : null}

      {codeShown ? (
        <form className={styles.codeForm} onSubmit={onConfirm} noValidate>
          <div ref={codeBox}>
            <CodeField label={copy.code} value={code} error={codeError} onChange={setCode} />
          </div>
          <Button type="submit" disabled={confirm.pending}>
            {confirm.showPending ? kaVerification.confirming : copy.confirm}
          </Button>
        </form>
      ) : null}

      <div className={styles.resend}>
        <Button
          variant={codeShown ? 'secondary' : 'primary'}
          onClick={onSend}
          disabled={send.pending || waiting}
        >
          {sendLabel}
        </Button>
        <ResendCountdown countdown={countdown} />
      </div>
    </div>
  );
}
