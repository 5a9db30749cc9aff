import { useRef, useState } from 'react';
import type { User } from 'shared/api/user/user-details';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { formatPhone } from '../../../lib/format-phone';
import type { CodeChannel } from '../hooks/use-code-writes';
import { kaVerification } from '../ka-verification';
import { CodeVerification } from './code-verification';
import styles from './verification.module.css';
import { VerificationStep } from './verification-step';

/** The provider sends at most one SMS a minute (provider-api.md, send_sms). */
export const SMS_RESEND_SECONDS = 60;

/** What tells the e-mail step from the phone step; everything else they do alike. */
const CHANNELS = {
  email: {
    copy: kaVerification.email,
    isVerified: (user: User) => user.email_verified,
    contactOf: (user: User) => user.email,
    // Only SMS sends are throttled (provider-api.md): an e-mail may be sent again at once.
    resendAfterSeconds: 0,
  },
  phone: {
    copy: kaVerification.phone,
    isVerified: (user: User) => user.phone_verified,
    contactOf: (user: User) => formatPhone(user.phone_number),
    resendAfterSeconds: SMS_RESEND_SECONDS,
  },
} as const;

/**
 * The e-mail or phone step: the contact, and until it is confirmed, a code sent to it. Once
 * confirmed here, the heading takes focus and a success says so.
 */
export function ContactStep({ user, channel }: { user: User; channel: CodeChannel }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [justVerified, setJustVerified] = useState(false);
  const { copy, isVerified, contactOf, resendAfterSeconds } = CHANNELS[channel];

  const onVerified = () => {
    setJustVerified(true);
    heading.current?.focus();
  };

  const verified = isVerified(user);
  const contact = contactOf(user);
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
          <p className={styles.contact}>{format(copy.contact, { contact })}</p>
          <CodeVerification
            channel={channel}
            contact={contact}
            copy={copy}
            resendAfterSeconds={resendAfterSeconds}
            onVerified={onVerified}
          />
        </>
      )}
    </VerificationStep>
  );
}
