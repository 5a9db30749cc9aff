import { useRef, useState } from 'react';
import type { User } from 'shared/api/user/user-details';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { formatPhone } from '../../../lib/format-phone';
import { kaVerification } from '../ka-verification';
import { CodeVerification } from './code-verification';
import styles from './verification.module.css';
import { VerificationStep } from './verification-step';

/** The provider sends at most one SMS a minute (provider-api.md, send_sms). */
export const SMS_RESEND_SECONDS = 60;

const copy = kaVerification.phone;

/** The phone step: the number, and until it is confirmed, an SMS code sent to it. */
export function PhoneStep({ user }: { user: User }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [justVerified, setJustVerified] = useState(false);

  const onVerified = () => {
    setJustVerified(true);
    heading.current?.focus();
  };

  const verified = user.phone_verified;
  const phone = formatPhone(user.phone_number);
  return (
    <VerificationStep
      title={copy.title}
      state={verified ? kaVerification.verified : kaVerification.notVerified}
      tone={verified ? 'done' : 'todo'}
      headingRef={heading}
    >
      {verified ? (
        justVerified ? (
          <Alert tone="success">{copy.done}</Alert>
        ) : null
      ) : (
        <>
          <p className={styles.contact}>{format(copy.number, { phone })}</p>
          <CodeVerification
            channel="phone"
            contact={phone}
            copy={copy}
            resendAfterSeconds={SMS_RESEND_SECONDS}
            onVerified={onVerified}
          />
        </>
      )}
    </VerificationStep>
  );
}
