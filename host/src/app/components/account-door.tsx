import { useEffect, useRef, useState } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUser } from 'shared/query/use-account';
import { useNotificationPanel } from 'shared/stores/notification-panel';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { CustomerAccountButtons } from 'shared/ui/customer-account-buttons';
import { VisitorAccountButtons } from 'shared/ui/visitor-account-buttons';
import { loadRemoteModule } from '../../federation/register-remotes';
import { RemoteSlot } from '../../slots/remote-slot';
import { useCustomerPage, useHydratingWithoutAccount } from '../page-audience';
import { NotificationsButton } from './notifications-button';

const ACCOUNT_ENTRY = 'remote_account/AccountEntry';

/** Starts fetching the account slice's entry; the slot that renders it takes the same load. */
function prefetchAccountSlice() {
  // A failure here is the slot's to show, when it loads for real.
  loadRemoteModule(ACCOUNT_ENTRY).catch(() => undefined);
}

const logOut = () => void useAuthStore.getState().logout();

/**
 * The customer's names for their button: while hydrating, as the server had them (with their
 * account, issue 29, or none), so the button hydrates as it was sent.
 */
function useNames() {
  const hydrating = useHydratingWithoutAccount();
  const known = useUser().data;
  return hydrating ? undefined : known;
}

/** A customer's name and logout, the host's until the account slice is needed. */
function HostCustomerButtons() {
  const requestAccount = useUiStore((state) => state.requestAccount);
  return (
    <CustomerAccountButtons
      names={useNames()}
      open={false}
      onAccount={requestAccount}
      onLogout={logOut}
      onIntent={prefetchAccountSlice}
    />
  );
}

/**
 * Logging out from the host's own buttons replaces the focused logout button with a visitor's:
 * login takes the focus it had. (Once the slice shows, its entry hands focus over itself.)
 */
function useFocusLoginAfterLogout(loggedIn: boolean) {
  const login = useRef<HTMLButtonElement>(null);
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    const loggedOut = wasLoggedIn.current && !loggedIn;
    wasLoggedIn.current = loggedIn;
    const active = document.activeElement;
    if (loggedOut && (!active || active === document.body)) login.current?.focus();
  }, [loggedIn]);
  return login;
}

/**
 * The header's account place. Until the account slice is needed, the host shows the same
 * buttons the slice would: a visitor's login and registration, a customer's name and logout.
 * The slice (its remote entry and chunks, about 25 KB gzip) loads only when they are about to
 * be used: a pointer or focus on them fetches it, a click on one that opens a panel — or any
 * part of the page asking for a panel — shows it. Logout needs no slice: the host's one auth
 * store ends the session. Once shown the slice stays, through logins and logouts (decision 014).
 */
export function AccountDoor() {
  const loggedIn = useCustomerPage();
  const accountPanelAsked = useUiStore((state) => state.accountPanel !== null);
  const panelAsked = useNotificationPanel((state) => state.open) || accountPanelAsked;
  const requestLogin = useUiStore((state) => state.requestLogin);
  const requestRegistration = useUiStore((state) => state.requestRegistration);
  const loginRef = useFocusLoginAfterLogout(loggedIn);
  // Once needed, always shown: set while rendering, so the slot replaces the buttons at once.
  const [shown, setShown] = useState(panelAsked);
  if (panelAsked && !shown) setShown(true);

  const buttons = loggedIn ? (
    <HostCustomerButtons />
  ) : (
    <VisitorAccountButtons
      panel={null}
      onLogin={requestLogin}
      onRegister={requestRegistration}
      onIntent={prefetchAccountSlice}
      loginRef={loginRef}
    />
  );
  const door = shown ? (
    <RemoteSlot
      id={ACCOUNT_ENTRY}
      label={loggedIn ? kaAccountButtons.myAccount : ka.account.login}
      variant="inline"
      // Whoever asked for a panel keeps seeing the buttons until the slice's replace them.
      pending={buttons}
    />
  ) : (
    buttons
  );
  // A customer's notifications open in the account slice's panel: the button is the door's.
  return (
    <>
      {loggedIn ? <NotificationsButton onIntent={prefetchAccountSlice} /> : null}
      {door}
    </>
  );
}
