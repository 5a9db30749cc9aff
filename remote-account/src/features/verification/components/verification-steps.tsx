import { useId } from 'react';
import type { User } from 'shared/api/user/user-details';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { kaVerification } from '../ka-verification';
import { verificationProgress } from '../lib/verification-progress';
import { ContactStep } from './contact-step';
import { PhotosStep } from './photos-step';
import styles from './verification.module.css';

/**
 * The progress in words and as a bar, then one row per step: a done step is its title and a
 * check; a step still to do opens with its form. Fully verified, a success says so.
 */
export function VerificationSteps({ user }: { user: User }) {
  const { done, total } = verificationProgress(user);
  const progressId = useId();
  const progress = format(kaVerification.progress, { done, total });
  return (
    <>
      <div className={styles.progressLine}>
        <p id={progressId} className={styles.overall}>
          {progress}
        </p>
        {/* The line above names the bar; its value reads as the same count, not a percentage. */}
        <progress
          className={styles.progress}
          value={done}
          max={total}
          aria-labelledby={progressId}
          aria-valuetext={`${done} / ${total}`}
        />
      </div>
      {/* Shown only to a customer who has just completed the last step here. */}
      {user.full_verification ? (
        <Alert tone="success">
          <span aria-hidden="true">✓ </span>
          {kaVerification.fullyVerified}
        </Alert>
      ) : null}
      <ol className={styles.steps} aria-label={kaVerification.stepsLabel}>
        <ContactStep user={user} channel="email" />
        <ContactStep user={user} channel="phone" />
        <PhotosStep user={user} />
      </ol>
    </>
  );
}
