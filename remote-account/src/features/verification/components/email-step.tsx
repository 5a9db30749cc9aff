import { useRef, useState } from 'react';
import type { User } from 'shared/api/user/user-details';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { kaVerification } from '../ka-verification';
import { CodeVerification } from './code-verification';
import styles from './verification.module.css';
import { VerificationStep } from './verification-step';

const copy = kaVerification.email;

/** The e-mail step: the address, and until it is confirmed, a code sent to it. */
export function EmailStep({ user }: { user: User }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [justVerified, setJustVerified] = useState(false);

  const onVerified = () => {
    setJustVerified(true);
    heading.current?.focus();
  };

  const verified = user.email_verified;
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
          <p className={styles.contact}>{format(copy.address, { email: user.email })}</p>
          <CodeVerification
            channel="email"
            contact={user.email}
            copy={copy}
            resendAfterSeconds={0}
            onVerified={onVerified}
          />
        </>
      )}
    </VerificationStep>
  );
}
