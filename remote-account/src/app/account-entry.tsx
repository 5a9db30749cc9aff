import { useEffect, useRef } from 'react';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { useLocation } from 'shared/navigation/router';
import { useNotificationPanel } from 'shared/stores/notification-panel';
import { useUiStore } from 'shared/stores/ui-store';
import styles from '../components/account.module.css';
import { SignedIn } from './signed-in-entry';
import { SignedOut } from './signed-out-entry';

/**
 * The account slice's entry in the host's header. Logged out: login and registration
 * buttons, each opening its panel (any slice may ask for either through the UI store).
 * Logged in: the customer's name, opening the account panel (verification status, profile
 * and password: account settings live here, not on the home page — decision 011), and logout.
 */
export default function AccountEntry() {
  const loggedIn = useLoggedIn();
  const panel = useUiStore((state) => state.accountPanel);
  const dismiss = useUiStore((state) => state.dismissAccountPanel);
  const root = useRef<HTMLDivElement>(null);
  const loginTrigger = useRef<HTMLButtonElement>(null);
  const registerTrigger = useRef<HTMLButtonElement>(null);
  const greeting = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const wasLoggedIn = useRef(loggedIn);

  // Moving to another page (the form's own "forgot password" link, say) closes the panel. Only
  // a real change counts: a request made before this entry loaded (?login=1) must survive.
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    dismiss();
  }, [pathname, dismiss]);

  // A logged-in customer has no login or registration panel (one asked for now, or the one
  // they just logged in with, must not pop up after a later logout); a visitor has no account.
  useEffect(() => {
    if (!loggedIn) useNotificationPanel.getState().dismiss();
    if (!panel) return;
    if (loggedIn ? panel !== 'account' : panel === 'account') dismiss();
  }, [loggedIn, panel, dismiss]);

  // Logging in or out replaces the control that had focus; its counterpart takes it, unless
  // the change came from elsewhere (a session the provider ended) while focus was elsewhere.
  useEffect(() => {
    if (wasLoggedIn.current === loggedIn) return;
    wasLoggedIn.current = loggedIn;
    const active = document.activeElement;
    if (active && active !== document.body && !root.current?.contains(active)) return;
    (loggedIn ? greeting : loginTrigger).current?.focus();
  }, [loggedIn]);

  return (
    <div ref={root} className={styles.entry}>
      {loggedIn ? (
        <SignedIn greeting={greeting} panel={panel} />
      ) : (
        <SignedOut panel={panel} loginTrigger={loginTrigger} registerTrigger={registerTrigger} />
      )}
    </div>
  );
}
