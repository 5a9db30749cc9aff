import { useEffect, useRef } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUiStore } from 'shared/stores/ui-store';
import { Button } from 'shared/ui/button';
import { kaHost } from '../../words/ka-host';
import { CloseIcon } from './drawn-icons';
import styles from './site-frame.module.css';

const MESSAGE = {
  banned: kaHost.session.banned,
  expired: kaHost.session.expired,
  elsewhere: kaHost.session.elsewhere,
  inactive: kaHost.session.inactive,
} as const;

/**
 * Says why the session ended when the customer did not end it here (banned, a refresh the
 * provider refused, a logout in another tab), so a customer thrown out mid-task is not left
 * guessing. Shown until dismissed or the next login.
 */
export function SessionNotice() {
  const endedBy = useAuthStore((state) => state.endedBy);
  const dismiss = useAuthStore((state) => state.dismissEnded);
  const requestLogin = useUiStore((state) => state.requestLogin);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Logged out by the inactivity countdown: focus was in the closed dialog, now it is here.
    if (endedBy === 'inactive') notice.current?.focus();
  }, [endedBy]);
  if (!endedBy) return null;
  return (
    <div ref={notice} tabIndex={-1} role="alert" className={styles.sessionNotice}>
      <p>{MESSAGE[endedBy]}</p>
      <div className={styles.sessionNoticeActions}>
        {endedBy !== 'banned' ? (
          <Button
            onClick={() => {
              dismiss();
              requestLogin();
            }}
          >
            {kaHost.session.loginAgain}
          </Button>
        ) : null}
        <Button variant="ghost" aria-label={kaHost.session.dismiss} onClick={dismiss}>
          <CloseIcon />
        </Button>
      </div>
    </div>
  );
}
