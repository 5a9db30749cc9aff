import { useAuthStore } from 'shared/auth/auth-store';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import styles from '../layouts/layout.module.css';

/**
 * Says why the provider ended the session (banned, or a refresh it refused), so a customer
 * thrown out mid-task is not left guessing. Shown until dismissed or the next login.
 */
export function SessionNotice() {
  const endedBy = useAuthStore((state) => state.endedBy);
  const dismiss = useAuthStore((state) => state.dismissEnded);
  const requestLogin = useUiStore((state) => state.requestLogin);
  if (!endedBy) return null;
  return (
    <div role="alert" className={styles.sessionNotice}>
      <p>{endedBy === 'banned' ? ka.session.banned : ka.session.expired}</p>
      <div className={styles.sessionNoticeActions}>
        {endedBy === 'expired' ? (
          <Button
            onClick={() => {
              dismiss();
              requestLogin();
            }}
          >
            {ka.session.loginAgain}
          </Button>
        ) : null}
        <Button variant="ghost" aria-label={ka.session.dismiss} onClick={dismiss}>
          ✕
        </Button>
      </div>
    </div>
  );
}
