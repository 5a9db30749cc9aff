import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ApiError, toApiError } from 'shared/api/api-error';
import type { User } from 'shared/api/user/user-details';
import { FormAlert } from 'shared/forms/form-alert';
import { formLevelMessages } from 'shared/forms/server-errors';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import * as z from 'shared/validation/zod';
import { CodeField } from '../../../components/code-field';
import { codeSchema } from '../../../lib/validation';
import { type CodeChannel, useConfirmCode, useSendCode } from '../hooks/use-code-writes';
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

const confirmSchema = z.object({ code: codeSchema });

/** Throttled means a code went out moments ago: it can be typed while the wait runs. */
const isThrottled = (error: ApiError) => error.code === 'throttled' || error.status === 429;

/**
 * Confirms a contact with a one-time code: send it, type it, confirm it. After a send the
 * resend waits `resendAfterSeconds`; a throttled send waits what the provider's Retry-After says.
 */
export function CodeVerification({
  channel,
  contact,
  copy,
  resendAfterSeconds,
  onVerified,
}: {
  channel: CodeChannel;
  contact: string;
  copy: CodeVerificationCopy;
  resendAfterSeconds: number;
  /** After the customer's data in the page's cache says the contact is verified. */
  onVerified: (user: User) => void;
}) {
  const [stage, setStage] = useState<Stage>('start');
  const countdown = useCountdown();
  const codeBox = useRef<HTMLDivElement>(null);
  const form = useForm({ resolver: zodResolver(confirmSchema), defaultValues: { code: '' } });
  const send = useSendCode(channel);
  const confirm = useConfirmCode(channel);
  // A throttled send is no failure: a code went out moments ago, and the stage says so.
  const sendFailure = send.error && !isThrottled(send.error) ? send.error : null;
  const showSending = useDelayedFlag(send.busy);

  // Once a code is on its way, the cursor goes where it will be typed.
  const codeShown = stage !== 'start';
  useEffect(() => {
    if (codeShown) codeBox.current?.querySelector('input')?.focus();
  }, [codeShown]);

  const onConfirm = handleSubmitWrite(form, {
    send: ({ code }) => {
      send.reset();
      return confirm.send(code);
    },
    onSent: onVerified,
  });

  const onSend = async () => {
    form.clearErrors('root');
    try {
      if (!(await send.send())) return;
      setStage('sent');
      if (resendAfterSeconds > 0) countdown.start(resendAfterSeconds);
    } catch (caught) {
      const error = toApiError(caught);
      if (isThrottled(error)) {
        setStage('recently-sent');
        countdown.start(error.retryAfterSeconds ?? 60);
      }
    }
  };

  const sendLabel = showSending
    ? kaVerification.sending
    : stage === 'start'
      ? copy.send
      : copy.resend;

  return (
    <div className={styles.stepBody}>
      {sendFailure ? (
        <Alert tone="error">{formLevelMessages(sendFailure, []).join(' ')}</Alert>
      ) : null}
      {stage === 'sent' ? (
        <Alert tone="info">
          {format(copy.sent, { contact })} {kaVerification.codeSentNote}
        </Alert>
      ) : null}
      {stage === 'recently-sent' ? <Alert tone="info">{kaVerification.recentlySent}</Alert> : null}

      {codeShown ? (
        <form className={styles.codeForm} onSubmit={onConfirm} noValidate>
          <FormAlert control={form.control} />
          <div ref={codeBox}>
            <CodeField control={form.control} name="code" label={copy.code} />
          </div>
          <SubmitButton control={form.control} busyLabel={kaVerification.confirming}>
            {copy.confirm}
          </SubmitButton>
        </form>
      ) : null}

      <div className={styles.resend}>
        <Button
          variant={codeShown ? 'secondary' : 'primary'}
          onClick={() => void onSend()}
          disabled={send.busy || countdown.secondsLeft > 0}
        >
          {sendLabel}
        </Button>
        <ResendCountdown countdown={countdown} />
      </div>
    </div>
  );
}
