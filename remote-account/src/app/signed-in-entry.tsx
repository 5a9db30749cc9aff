import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUser } from 'shared/query/use-account';
import { type AccountPanel as PanelKind, useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { Button } from 'shared/ui/button';
import { CustomerAccountButtons } from 'shared/ui/customer-account-buttons';
import { ACCOUNT_PANEL_ID as PANEL_ID } from 'shared/ui/visitor-account-buttons';
import styles from '../components/account.module.css';
import { ComplaintsLink } from '../features/complaints/components/complaints-link';
import { kaProfile } from '../features/profile/ka-profile';
import { AccountPanel } from './account-panel';
import { NotificationsPanel } from './notifications-panel';
import { useEscapeCloses } from './use-escape-closes';

const ProfileSection = lazy(() =>
  import('./profile-section').then((m) => ({
    default: m.ProfileSection,
  })),
);
// v1.4's channels: loaded with the panel, like the profile, so they cost nothing until it opens.
const NotificationChoicesSection = lazy(() =>
  import('./notification-choices-section').then((m) => ({
    default: m.NotificationChoicesSection,
  })),
);
const VerificationSummary = lazy(() =>
  import('../features/verification/components/verification-summary').then((m) => ({
    default: m.VerificationSummary,
  })),
);

const logOut = () => void useAuthStore.getState().logout();

/**
 * A customer's entry: the shared name and logout buttons (the host shows the same ones until
 * this slice is needed) and the account panel their name opens — verification status, profile
 * and password: account settings live here, not on the home page (decision 011) — which on
 * phones holds logout too.
 */
export function SignedIn({
  greeting,
  panel,
}: {
  greeting: RefObject<HTMLButtonElement | null>;
  panel: PanelKind | null;
}) {
  // A session restored from the cookie has no data yet: the query loads it, the name follows.
  const user = useUser().data;
  const requestAccount = useUiStore((state) => state.requestAccount);
  const dismiss = useUiStore((state) => state.dismissAccountPanel);
  const panelRef = useRef<HTMLDivElement>(null);
  const open = panel === 'account';

  const close = useCallback(() => {
    dismiss();
    greeting.current?.focus();
  }, [dismiss, greeting]);

  // The panel is mostly reading: focus goes to its title, from where Tab reaches its controls.
  // It is not modal: Tab also leads on out of it, and the page stays usable.
  useEffect(() => {
    if (open) document.getElementById(`${PANEL_ID.account}-title`)?.focus();
  }, [open]);
  useEscapeCloses(open, close);

  return (
    <>
      <CustomerAccountButtons
        names={user}
        open={open}
        onAccount={open ? close : requestAccount}
        onLogout={logOut}
        accountRef={greeting}
      />
      {open ? (
        <AccountPanel
          kind="account"
          title={kaProfile.panelTitle}
          panelRef={panelRef}
          onClose={close}
        >
          <Suspense fallback={<p>{ka.common.loading}</p>}>
            {/* Its link to the steps moves focus there itself, so the panel just closes. */}
            <VerificationSummary onShowSteps={dismiss} />
            <ProfileSection />
            <NotificationChoicesSection onShowSteps={dismiss} />
          </Suspense>
          <ComplaintsLink onFollow={dismiss} />
          <Button variant="secondary" className={styles.panelLogout} onClick={logOut}>
            {kaAccountButtons.logout}
          </Button>
        </AccountPanel>
      ) : null}
      <NotificationsPanel />
    </>
  );
}
