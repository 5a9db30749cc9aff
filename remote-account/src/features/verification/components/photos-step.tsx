import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PhotosStatus, User } from 'shared/api/user/user-details';
import { accountKeys } from 'shared/query/account-queries';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { photosQuery } from '../api/verification-photos';
import { kaVerification } from '../ka-verification';
import { PhotoUploadForm } from './photo-upload-form';
import styles from './verification.module.css';
import { type StepTone, VerificationStep } from './verification-step';

/** How often the photos are fetched while the provider reviews them. */
export const PHOTOS_POLL_MS = 4000;

const copy = kaVerification.photos;
const toneOf: Record<PhotosStatus, StepTone> = {
  none: 'todo',
  pending: 'waiting',
  approved: 'done',
  rejected: 'problem',
};

/**
 * While the customer's photos are under review, the photos are fetched every 4 s; once none
 * is pending, the customer is fetched again, and the decided status stops the polling.
 */
function usePhotosUnderReview(underReview: boolean) {
  const queryClient = useQueryClient();
  const photos = useQuery({
    ...photosQuery,
    enabled: underReview,
    refetchInterval: PHOTOS_POLL_MS,
  });
  const answeredAt = photos.dataUpdatedAt;
  const decided = photos.data?.every((photo) => photo.status !== 'pending') ?? false;
  useEffect(() => {
    // Each answer that finds the review decided asks for the customer again, until they say so.
    if (underReview && decided && answeredAt > 0) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.user });
    }
  }, [underReview, decided, answeredAt, queryClient]);
  return underReview ? (photos.data ?? []) : [];
}

/** The photos step: upload them, wait for the review (polled), or upload again if rejected. */
export function PhotosStep({ user }: { user: User }) {
  const status = user.photos_status;
  const heading = useRef<HTMLHeadingElement>(null);
  const [justUploaded, setJustUploaded] = useState(false);
  // A review that ends while the customer watches is announced; a state found on arrival is not.
  const [seenStatus, setSeenStatus] = useState(status);
  const [reviewedNow, setReviewedNow] = useState(false);
  if (status !== seenStatus) {
    setSeenStatus(status);
    setReviewedNow(seenStatus === 'pending');
  }
  const sent = usePhotosUnderReview(status === 'pending');

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
          {sent.length > 0 ? (
            <ul className={styles.sentPhotos} aria-label={copy.sentLabel}>
              {sent.map((photo) => (
                <li key={photo.id}>
                  {format(copy.sentItem, {
                    kind: copy.kinds[photo.kind],
                    status: copy.status[photo.status],
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {/* A done step is a short row; a review decided while the customer watches is said. */}
      {status === 'approved' && reviewedNow ? (
        <Alert tone="success">{copy.approvedNote}</Alert>
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
