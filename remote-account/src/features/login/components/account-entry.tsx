import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { logout } from 'shared/api/user/logout';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import styles from './account.module.css';
import { LoginForm } from './login-form';

/**
 * The account slice's entry in the host's header: a login button that opens the login form
 * (any slice may ask for it through the UI store), or logout for a logged-in customer.
 */
export default function AccountEntry() {
  const loggedIn = useAuthStore((state) => state.status === 'logged-in');
  const clearSession = useAuthStore((state) => state.clear);
  const open = useUiStore((state) => state.accountPanel === 'login');
  const requestLogin = useUiStore((state) => state.requestLogin);
  const dismissLogin = useUiStore((state) => state.dismissAccountPanel);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);

  // Moving to another page (the form's own "forgot password" link, say) closes the form. Only
  // a real change counts: a request made before this entry loaded (?login=1) must survive.
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    dismissLogin();
  }, [pathname, dismissLogin]);

  const close = useCallback(() => {
    dismissLogin();
    trigger.current?.focus();
  }, [dismissLogin]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector('input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  if (loggedIn) {
    const onLogout = () => {
      const session = useAuthStore.getState().session;
      // The session ends here whatever the provider answers.
      if (session) {
        logout(session).catch((error: unknown) => console.warn('logout call failed', error));
      }
      clearSession();
    };
    return (
      <div className={styles.loggedIn}>
        <span className="visually-hidden">{ka.account.loggedInAs}</span>
        <Button variant="secondary" onClick={onLogout}>
          {ka.account.logout}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.entry}>
      <Button
        ref={trigger}
        aria-expanded={open}
        aria-controls="login-panel"
        onClick={open ? dismissLogin : requestLogin}
      >
        {ka.account.login}
      </Button>
      {open ? (
        <div
          id="login-panel"
          ref={panel}
          className={styles.panel}
          role="dialog"
          aria-labelledby="login-title"
        >
          <div className={styles.panelHeader}>
            <h2 id="login-title" className={styles.panelTitle}>
              {ka.account.loginTitle}
            </h2>
            <Button variant="ghost" aria-label={ka.common.close} onClick={close}>
              ✕
            </Button>
          </div>
          <LoginForm onSuccess={dismissLogin} />
        </div>
      ) : null}
    </div>
  );
}
