import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import {
  NOTIFICATIONS_BUTTON_ID,
  NOTIFICATIONS_PANEL_ID,
  useNotificationPanel,
} from 'shared/stores/notification-panel';
import { ka } from 'shared/strings/ka';
import { kaNotifications } from '../features/notifications/ka-notifications';
import { AccountPanel } from './account-panel';
import { useEscapeCloses } from './use-escape-closes';

const NotificationFeed = lazy(() =>
  import('../features/notifications/components/notification-feed').then((m) => ({
    default: m.NotificationFeed,
  })),
);

/**
 * The customer's notifications (contract v1.4), in a panel like the account's, opened by the
 * host's bell (decision 048). The feed is its own chunk, loaded when the panel first opens.
 * Focus goes to its title, and back to the bell when it closes.
 */
export function NotificationsPanel() {
  const open = useNotificationPanel((state) => state.open);
  const dismiss = useNotificationPanel((state) => state.dismiss);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    dismiss();
    document.getElementById(NOTIFICATIONS_BUTTON_ID)?.focus();
  }, [dismiss]);

  useEffect(() => {
    if (open) document.getElementById(`${NOTIFICATIONS_PANEL_ID}-title`)?.focus();
  }, [open]);
  useEscapeCloses(open, close);

  if (!open) return null;
  return (
    <AccountPanel
      kind="notifications"
      title={kaNotifications.title}
      panelRef={panelRef}
      onClose={close}
    >
      <Suspense fallback={<p>{ka.common.loading}</p>}>
        {/* Following a notification to its act closes the panel; focus goes where it leads. */}
        <NotificationFeed onFollow={dismiss} />
      </Suspense>
    </AccountPanel>
  );
}
