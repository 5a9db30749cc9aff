import { useState } from 'react';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { VisitorAccountButtons } from 'shared/ui/visitor-account-buttons';
import { loadRemoteModule } from '../../federation/register-remotes';
import { RemoteSlot } from '../../slots/remote-slot';
import { useCustomerPage } from '../page-audience';

const ACCOUNT_ENTRY = 'remote_account/AccountEntry';

/** Starts fetching the account slice's entry; the slot that renders it takes the same load. */
function prefetchAccountSlice() {
  // A failure here is the slot's to show, when it loads for real.
  loadRemoteModule(ACCOUNT_ENTRY).catch(() => undefined);
}

/**
 * The header's account place. A customer gets the account slice at once. A visitor gets the
 * same login and registration buttons from the host, and the slice (its remote entry and
 * chunks, about 20 KB gzip) loads only when they are about to be used: a pointer or focus on
 * them fetches it, a click — or any part of the page asking for a panel — shows it. Once
 * shown it stays, through logins and logouts (decision 014).
 */
export function AccountDoor() {
  const loggedIn = useCustomerPage();
  const panelAsked = useUiStore((state) => state.accountPanel !== null);
  const requestLogin = useUiStore((state) => state.requestLogin);
  const requestRegistration = useUiStore((state) => state.requestRegistration);
  // Once needed, always shown: set while rendering, so the slot replaces the buttons at once.
  const needed = loggedIn || panelAsked;
  const [shown, setShown] = useState(needed);
  if (needed && !shown) setShown(true);

  const buttons = (
    <VisitorAccountButtons
      panel={null}
      onLogin={requestLogin}
      onRegister={requestRegistration}
      onIntent={prefetchAccountSlice}
    />
  );
  if (!shown) return buttons;
  return (
    <RemoteSlot
      id={ACCOUNT_ENTRY}
      label={ka.account.login}
      variant="inline"
      // A visitor who asked for a panel keeps seeing the buttons until the slice's replace them.
      pending={loggedIn ? undefined : buttons}
    />
  );
}
