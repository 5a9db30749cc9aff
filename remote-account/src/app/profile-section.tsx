import { useEffect, useId, useRef, useState } from 'react';
import type { User } from 'shared/api/user/user-details';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { useUser } from 'shared/query/use-account';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { CardsSection } from '../features/cards/components/cards-section';
import { ConsentsSection } from '../features/consents/components/consents-section';
import { PasswordForm } from '../features/profile/components/password-form';
import { ProfileDetails } from '../features/profile/components/profile-details';
import {
  ProfileEditForm,
  type SaveOutcome,
} from '../features/profile/components/profile-edit-form';
import { kaProfile } from '../features/profile/ka-profile';
import styles from './profile-section.module.css';

const outcomeMessage: Record<SaveOutcome, string> = {
  saved: kaProfile.saved,
  'saved-email-changed': `${kaProfile.saved} ${kaProfile.emailReverify}`,
  unchanged: kaProfile.unchanged,
};

/** The customer's data with its edit form, and the password change below it. */
function Profile({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Closing the form removes the focused element; focus goes back to the button that opened it.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = (result: SaveOutcome | null) => {
    returnFocus.current = true;
    setOutcome(result);
    setEditing(false);
  };

  return (
    <div className={styles.body}>
      {editing ? (
        <ProfileEditForm user={user} onDone={close} onCancel={() => close(null)} />
      ) : (
        <>
          {outcome ? (
            <Alert tone={outcome === 'unchanged' ? 'info' : 'success'}>
              {outcomeMessage[outcome]}
            </Alert>
          ) : null}
          <ProfileDetails user={user} />
          <div>
            <Button
              ref={editButton}
              variant="secondary"
              onClick={() => {
                setOutcome(null);
                setEditing(true);
              }}
            >
              {kaProfile.edit}
            </Button>
          </div>
        </>
      )}
      <hr className={styles.divider} />
      <PasswordForm personalNumber={user.personal_number} />
      <hr className={styles.divider} />
      <ConsentsSection />
      <CardsSection />
    </div>
  );
}

/**
 * The logged-in customer's profile in the header's account panel (decision 011): view, edit,
 * change password. The panel is the card and holds the page's h2, so this is a plain section.
 */
export function ProfileSection() {
  // A reload keeps the customer shown; only a first load waits, and only a failure with
  // nothing to show replaces the profile.
  const user = useUser();
  const data = user.data;
  const waiting = data === undefined && user.isPending;
  const showSkeleton = useDelayedFlag(waiting);
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} aria-busy={waiting || undefined}>
      <h3 id={titleId} className={styles.title}>
        {kaProfile.title}
      </h3>
      {data ? <Profile user={data} /> : null}
      {data === undefined && user.isError ? (
        <LoadError message={kaProfile.loadError} onRetry={() => void user.refetch()} />
      ) : null}
      {waiting && showSkeleton ? (
        <div className={styles.body}>
          <p className="visually-hidden">{ka.common.loading}</p>
          <Skeleton height="12rem" />
        </div>
      ) : null}
    </section>
  );
}
