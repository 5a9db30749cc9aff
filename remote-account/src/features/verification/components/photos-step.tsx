import { useRef, useState } from 'react';
import type { PhotosStatus, User } from 'shared/api/user/user-details';
import { useAuthStore } from 'shared/auth/auth-store';
import { Alert } from 'shared/ui/alert';
import { usePolling } from '../hooks/use-polling';
import { kaVerification } from '../ka-verification';
import { PhotoUploadForm } from './photo-upload-form';
import styles from './verification.module.css';
import { type StepTone, VerificationStep } from './verification-step';

/** How often the customer is re-fetched while the provider reviews the photos. */
export const PHOTOS_POLL_MS = 4000;

const copy = kaVerification.photos;
const toneOf: Record<PhotosStatus, StepTone> = {
  none: 'todo',
  pending: 'waiting',
  approved: 'done',
  rejected: 'problem',
};

/** The photos step: upload them, wait for the review (polled), or upload again if rejected. */
export function PhotosStep({ user }: { user: User }) {
  const status = user.photos_status;
  const reloadUser = useAuthStore((state) => state.reloadUser);
  const heading = useRef<HTMLHeadingElement>(null);
  const [justUploaded, setJustUploaded] = useState(false);
  // A review that ends while the customer watches is announced; a state found on arrival is not.
  const [seenStatus, setSeenStatus] = useState(status);
  const [reviewedNow, setReviewedNow] = useState(false);
  if (status !== seenStatus) {
    setSeenStatus(status);
    setReviewedNow(seenStatus === 'pending');
  }

  // The review's outcome reaches the page by polling; the effect stops once it changes.
  usePolling(status === 'pending', reloadUser, PHOTOS_POLL_MS);

  const onUploaded = () => {
    setJustUploaded(true);
    heading.current?.focus();
  };

  return (
    <VerificationStep
      title={copy.title}
      state={copy.status[status]}
      tone={toneOf[status]}
      headingRef={heading}
    >
      {status === 'pending' ? (
        <>
          {justUploaded ? <Alert tone="success">{copy.uploaded}</Alert> : null}
          <p className={styles.note}>{copy.pendingNote}</p>
        </>
      ) : null}
      {status === 'approved' ? (
        reviewedNow ? (
          <Alert tone="success">{copy.approvedNote}</Alert>
        ) : (
          <p className={styles.note}>{copy.approvedNote}</p>
        )
      ) : null}
      {status === 'none' || status === 'rejected' ? (
        <>
          {status === 'rejected' ? (
            reviewedNow ? (
              <Alert tone="error">{copy.rejectedNote}</Alert>
            ) : (
              <p className={styles.problemNote}>{copy.rejectedNote}</p>
            )
          ) : null}
          <p className={styles.note}>{copy.intro}</p>
          <PhotoUploadForm onUploaded={onUploaded} />
        </>
      ) : null}
    </VerificationStep>
  );
}
