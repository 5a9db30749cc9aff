import { useId } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { Card } from 'shared/ui/card';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { kaVerification } from '../ka-verification';
import styles from './verification.module.css';
import { VerificationSteps } from './verification-steps';

/**
 * The logged-in customer's verification on the home page: overall state, then e-mail, phone
 * and personal photos, each with its state and the way to complete it.
 */
export function VerificationPanel() {
  // The store keeps a loaded customer shown while it reloads, so polls never blank the panel.
  const user = useAuthStore((state) => state.user);
  const data = user.status === 'success' ? user.data : null;
  const reloadUser = useAuthStore((state) => state.reloadUser);
  const titleId = useId();
  const waiting = data === null && (user.status === 'idle' || user.status === 'loading');
  const showSkeleton = useDelayedFlag(waiting);

  return (
    <Card className={styles.panel} aria-labelledby={titleId} aria-busy={waiting || undefined}>
      <h2 id={titleId} className={styles.title}>
        {kaVerification.title}
      </h2>
      {user.status === 'error' ? (
        <LoadError message={kaVerification.loadError} onRetry={() => void reloadUser()} />
      ) : null}
      {data ? <VerificationSteps user={data} /> : null}
      {!data && showSkeleton ? (
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
