import type { User } from 'shared/api/user/user-details';
import { format } from 'shared/strings/ka';
import { kaVerification } from '../ka-verification';
import { EmailStep } from './email-step';
import { PhoneStep } from './phone-step';
import { PhotosStep } from './photos-step';
import styles from './verification.module.css';

const STEP_COUNT = 3;

/** The overall state in words, then each step with its own state and what is left to do. */
export function VerificationSteps({ user }: { user: User }) {
  const done = [user.email_verified, user.phone_verified, user.photos_status === 'approved'].filter(
    Boolean,
  ).length;
  return (
    <>
      {user.full_verification ? (
        <p className={`${styles.overall} ${styles.overallDone}`}>
          <span aria-hidden="true">✓ </span>
          {kaVerification.fullyVerified}
        </p>
      ) : (
        <>
          <p className={styles.overall}>
            {kaVerification.notFullyVerified}{' '}
            {format(kaVerification.progress, { done, total: STEP_COUNT })}
          </p>
          {/* The sentence above says the same in words. */}
          <progress className={styles.progress} value={done} max={STEP_COUNT} aria-hidden="true" />
        </>
      )}
      <ol className={styles.steps} aria-label={kaVerification.stepsLabel}>
        <EmailStep user={user} />
        <PhoneStep user={user} />
        <PhotosStep user={user} />
      </ol>
    </>
  );
}
