import { useEffect, useRef, useState } from 'react';
import { useUnreadCount, withoutNotifications } from 'shared/query/unread-count';
import {
  NOTIFICATIONS_BUTTON_ID,
  NOTIFICATIONS_PANEL_ID,
  useNotificationPanel,
} from 'shared/stores/notification-panel';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { kaHost } from '../../words/ka-host';
import { useHydratingWithoutAccount } from '../page-audience';
import { BellIcon } from './drawn-icons';
import styles from './site-frame.module.css';

const t = kaHost.notifications;

/** More than this shows as "99+": the badge stays a badge; the button's name has the number. */
const BADGE_MOST = 99;

/**
 * What a screen reader hears when the number changes while the customer is on the page: said
 * once per change, never for the number the page opened with.
 */
function useChangeAnnounced(unread: number | undefined): string {
  const [said, setSaid] = useState('');
  const last = useRef(unread);
  useEffect(() => {
    if (unread === undefined || unread === last.current) return;
    const first = last.current === undefined;
    last.current = unread;
    if (!first) setSaid(format(t.changed, { count: unread }));
  }, [unread]);
  return said;
}

/**
 * The header's notifications button (contract v1.4), the host's since it composes the header:
 * the unread number from the first HTML (the server asks it with the account), kept current
 * by the shared count query. It opens the account slice's notifications panel, which loads
 * then. A provider without v1.4 (404) shows no button.
 */
export function NotificationsButton({ onIntent }: { onIntent: () => void }) {
  // While hydrating a page the server rendered without the account, it had no number either.
  const hydrating = useHydratingWithoutAccount();
  const count = useUnreadCount();
  const open = useNotificationPanel((state) => state.open);
  const request = useNotificationPanel((state) => state.request);
  const dismiss = useNotificationPanel((state) => state.dismiss);
  const unread = hydrating ? undefined : count.data?.unread;
  const said = useChangeAnnounced(unread);
  if (unread === undefined || withoutNotifications(count.error)) return null;
  return (
    <>
      <Button
        id={NOTIFICATIONS_BUTTON_ID}
        variant="ghost"
        className={styles.notifications}
        aria-label={unread > 0 ? format(t.unread, { count: unread }) : t.label}
        aria-expanded={open}
        aria-controls={open ? NOTIFICATIONS_PANEL_ID : undefined}
        onClick={open ? dismiss : request}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className={styles.unreadBadge} aria-hidden="true">
            {unread > BADGE_MOST ? `${BADGE_MOST}+` : unread}
          </span>
        ) : null}
      </Button>
      {/* A live region, not a status: the page's statuses are what its parts say of themselves. */}
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
    </>
  );
}
