import { useId } from 'react';
import { useUser } from 'shared/query/use-account';
import { format } from 'shared/strings/ka';
import { kaVerification } from '../ka-verification';
import { type StepKey, verificationProgress } from '../lib/verification-progress';
import { ShowStepsLink } from './show-steps-link';
import styles from './verification.module.css';

const t = kaVerification;
const titles: Record<StepKey, string> = {
  email: t.email.title,
  phone: t.phone.title,
  photos: t.photos.title,
};

/**
 * The verification status in the account panel, in a line or two: fully verified, or how many
 * steps are done, which are left and a link to them (the steps themselves are on the home
 * page). Nothing until the customer has loaded: the profile beside it says why.
 */
export function VerificationSummary({ onShowSteps }: { onShowSteps: () => void }) {
  const user = useUser().data;
  const titleId = useId();
  if (!user) return null;

  const { steps, done, total } = verificationProgress(user);
  const left = steps
    .filter((step) => !step.done)
    .map((step) =>
      step.underReview
        ? format(t.summary.stepUnderReview, { step: titles[step.key] })
        : titles[step.key],
    );

  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.summaryTitle}>
        {t.summary.title}
      </h3>
      {user.full_verification ? (
        <p className={styles.summaryDone}>
          <span aria-hidden="true">✓ </span>
          {t.fullyVerified}
        </p>
      ) : (
        <>
          <p className={styles.overall}>
            {format(t.progress, { done, total })}
            {left.length > 0 ? ` · ${format(t.summary.left, { steps: left.join(', ') })}` : null}
          </p>
          <ShowStepsLink onShowSteps={onShowSteps} />
        </>
      )}
    </section>
  );
}
