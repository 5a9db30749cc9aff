import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { useUser } from 'shared/query/use-account';
import { ka } from 'shared/strings/ka';
import { Card } from 'shared/ui/card';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { kaVerification } from '../ka-verification';
import { VERIFICATION_TITLE_ID } from '../lib/steps-title-id';
import styles from './verification.module.css';
import { VerificationSteps } from './verification-steps';

/**
 * The logged-in customer's verification steps on the home page: the progress, then e-mail,
 * phone and personal photos, each a row with its state, the ones still to do with their form.
 */
export function VerificationPanel() {
  // A reload (a poll, a retry) keeps the customer shown, so it never blanks a half-filled form.
  const user = useUser();
  const data = user.data;
  const waiting = data === undefined && user.isPending;
  const showSkeleton = useDelayedFlag(waiting);

  return (
    <Card
      className={styles.panel}
      aria-labelledby={VERIFICATION_TITLE_ID}
      aria-busy={waiting || undefined}
    >
      <h2 id={VERIFICATION_TITLE_ID} className={styles.title} tabIndex={-1}>
        {kaVerification.title}
      </h2>
      {data === undefined && user.isError ? (
        <LoadError message={kaVerification.loadError} onRetry={() => void user.refetch()} />
      ) : null}
      {data ? <VerificationSteps user={data} /> : null}
      {waiting && showSkeleton ? (
        <div className={styles.skeleton}>
          <span className="visually-hidden">{ka.common.loading}</span>
          <Skeleton height="1.5rem" width="60%" />
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      ) : null}
    </Card>
  );
}
