import {
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUser } from 'shared/query/use-account';
import { type AccountPanel as PanelKind, useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import {
  accountButtonClasses,
  ACCOUNT_PANEL_ID as PANEL_ID,
} from 'shared/ui/visitor-account-buttons';
import { kaAccount } from '../../../lib/ka-account';
import { ComplaintsLink } from '../../complaints/components/complaints-link';
import { kaProfile } from '../../profile/ka-profile';
import styles from './account.module.css';
import { AccountPanel } from './account-panel';

const ProfileSection = lazy(() =>
  import('../../profile/components/profile-section').then((m) => ({
    default: m.ProfileSection,
  })),
);
const VerificationSummary = lazy(() =>
  import('../../verification/components/verification-summary').then((m) => ({
    default: m.VerificationSummary,
  })),
);

const logOut = () => void useAuthStore.getState().logout();

/** Initials for the round badge: the first letters of the first and last names. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
}

/**
 * Whether the name fits its button, measured before the screen is painted: a name cut to two
 * letters reads as broken, so one that does not fit gives way to initials. Measured again,
 * from the name, whenever the screen's width changes.
 */
function useNameFits(name: RefObject<HTMLElement | null>, text: string | null): boolean {
  const [fits, setFits] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text or a return to the name is measured anew.
  useLayoutEffect(() => {
    const node = name.current;
    if (node && node.scrollWidth > node.clientWidth) setFits(false);
  }, [fits, text, name]);
  useEffect(() => {
    let width = window.innerWidth;
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      setFits(true);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return fits;
}

/**
 * A customer's entry: their name (or initials, when the name does not fit) opening the account
 * panel — verification status, profile and password: account settings live here, not on the
 * home page (decision 011) — and logout, which on phones moves into that panel.
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
  const nameRef = useRef<HTMLSpanElement>(null);
  const open = panel === 'account';
  const nameFits = useNameFits(nameRef, user?.first_name ?? null);

  const close = useCallback(() => {
    dismiss();
    greeting.current?.focus();
  }, [dismiss, greeting]);

  // The panel is mostly reading: focus goes to its title, from where Tab reaches its controls.
  // It is not modal: Tab also leads on out of it, and the page stays usable.
  useEffect(() => {
    if (!open) return;
    document.getElementById(`${PANEL_ID.account}-title`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  let label = <>{kaProfile.accountButton}</>;
  if (user && nameFits) {
    label = (
      <>
        <span className="visually-hidden">{kaProfile.accountButton}: </span>
        <span ref={nameRef} className={styles.accountName}>
          {user.first_name}
        </span>
      </>
    );
  } else if (user) {
    label = (
      <>
        <span className="visually-hidden">
          {kaProfile.accountButton}: {user.first_name} {user.last_name}
        </span>
        <span aria-hidden="true" className={styles.initials}>
          {initialsOf(user.first_name, user.last_name)}
        </span>
      </>
    );
  }

  return (
    <>
      <div className={accountButtonClasses.actions}>
        <Button
          ref={greeting}
          variant="ghost"
          className={`${accountButtonClasses.entryButton} ${styles.accountButton}`}
          data-initials={user && !nameFits ? true : undefined}
          aria-expanded={open}
          aria-controls={PANEL_ID.account}
          onClick={open ? close : requestAccount}
        >
          {label}
        </Button>
        <Button
          variant="secondary"
          className={`${accountButtonClasses.entryButton} ${styles.headerLogout}`}
          onClick={logOut}
        >
          {kaAccount.logout}
        </Button>
      </div>
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
          </Suspense>
          <ComplaintsLink onFollow={dismiss} />
          <Button variant="secondary" className={styles.panelLogout} onClick={logOut}>
            {kaAccount.logout}
          </Button>
        </AccountPanel>
      ) : null}
    </>
  );
}
