import {
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useLocation } from 'shared/navigation/router';
import { useUser } from 'shared/query/use-account';
import { type AccountPanel, useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import {
  accountButtonClasses,
  ACCOUNT_PANEL_ID as PANEL_ID,
  VisitorAccountButtons,
} from 'shared/ui/visitor-account-buttons';
import { kaProfile } from '../../profile/ka-profile';
import { kaRegistration } from '../../registration/ka-registration';
import styles from './account.module.css';

// The forms load when a panel opens: a visitor who only reads the home page never downloads
// them, nor the form library and field schemas they bring (issue 7's first-load budget).
const LoginForm = lazy(() => import('./login-form').then((m) => ({ default: m.LoginForm })));
const RegistrationForm = lazy(() =>
  import('../../registration/components/registration-form').then((m) => ({
    default: m.RegistrationForm,
  })),
);
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

/**
 * The account slice's entry in the host's header. Logged out: login and registration
 * buttons, each opening its panel (any slice may ask for either through the UI store).
 * Logged in: the customer's name, opening the account panel (verification status, profile
 * and password: account settings live here, not on the home page — decision 011), and logout.
 */
export default function AccountEntry() {
  const loggedIn = useAuthStore((state) => state.status === 'logged-in');
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

function SignedIn({
  greeting,
  panel,
}: {
  greeting: RefObject<HTMLButtonElement | null>;
  panel: AccountPanel | null;
}) {
  // A session restored from the cookie has no data yet: the query loads it, the name follows.
  const firstName = useUser().data?.first_name ?? null;
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
    if (!open) return;
    document.getElementById(`${PANEL_ID.account}-title`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  return (
    <>
      <div className={accountButtonClasses.actions}>
        <Button
          ref={greeting}
          variant="ghost"
          className={`${accountButtonClasses.entryButton} ${styles.accountButton}`}
          aria-expanded={open}
          aria-controls={PANEL_ID.account}
          onClick={open ? close : requestAccount}
        >
          {firstName ? (
            <>
              <span className="visually-hidden">{kaProfile.accountButton}: </span>
              {firstName}
            </>
          ) : (
            kaProfile.accountButton
          )}
        </Button>
        <Button
          variant="secondary"
          className={accountButtonClasses.entryButton}
          onClick={() => void useAuthStore.getState().logout()}
        >
          {ka.account.logout}
        </Button>
      </div>
      {open ? (
        <Panel kind="account" title={kaProfile.panelTitle} panelRef={panelRef} onClose={close}>
          <Suspense fallback={<p>{ka.common.loading}</p>}>
            {/* Its link to the steps moves focus there itself, so the panel just closes. */}
            <VerificationSummary onShowSteps={dismiss} />
            <ProfileSection />
          </Suspense>
        </Panel>
      ) : null}
    </>
  );
}

function SignedOut({
  panel,
  loginTrigger,
  registerTrigger,
}: {
  panel: AccountPanel | null;
  loginTrigger: RefObject<HTMLButtonElement | null>;
  registerTrigger: RefObject<HTMLButtonElement | null>;
}) {
  const requestLogin = useUiStore((state) => state.requestLogin);
  const requestRegistration = useUiStore((state) => state.requestRegistration);
  const dismiss = useUiStore((state) => state.dismissAccountPanel);
  // After a registration the login form opens with the new personal number filled in.
  const [username, setUsername] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    // Phones hide the registration button (it is offered in the login panel instead).
    const register = registerTrigger.current;
    const visible = register !== null && getComputedStyle(register).display !== 'none';
    const trigger = panel === 'register' && visible ? registerTrigger : loginTrigger;
    dismiss();
    trigger.current?.focus();
  }, [panel, dismiss, loginTrigger, registerTrigger]);

  useEffect(() => {
    if (!panel) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, close]);

  const openLoginFor = (personalNumber: string) => {
    setUsername(personalNumber);
    requestLogin();
  };

  return (
    <>
      <VisitorAccountButtons
        panel={panel}
        loginRef={loginTrigger}
        registerRef={registerTrigger}
        onLogin={panel === 'login' ? dismiss : requestLogin}
        onRegister={panel === 'register' ? dismiss : requestRegistration}
      />
      {panel === 'login' ? (
        <Panel kind="login" title={ka.account.loginTitle} panelRef={panelRef} onClose={close}>
          <Suspense fallback={<p>{ka.common.loading}</p>}>
            <LoginForm initialUsername={username} onRegister={requestRegistration} />
            <FocusFirstEmptyField panelRef={panelRef} />
          </Suspense>
        </Panel>
      ) : null}
      {panel === 'register' ? (
        <Panel kind="register" title={kaRegistration.title} panelRef={panelRef} onClose={close}>
          <Suspense fallback={<p>{ka.common.loading}</p>}>
            <RegistrationForm onLogin={openLoginFor} />
            <FocusFirstEmptyField panelRef={panelRef} />
          </Suspense>
        </Panel>
      ) : null}
    </>
  );
}

/**
 * Rendered after a panel's form inside its Suspense boundary, so it runs once the form has
 * loaded: the first field still to fill takes focus (the password when the personal number
 * came filled in).
 */
function FocusFirstEmptyField({ panelRef }: { panelRef: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const inputs = [...(panelRef.current?.querySelectorAll('input') ?? [])];
    (inputs.find((input) => input.value === '') ?? inputs[0])?.focus();
  }, [panelRef]);
  return null;
}

/** A non-modal dialog below the header's buttons; it scrolls when taller than the screen. */
function Panel({
  kind,
  title,
  panelRef,
  onClose,
  children,
}: {
  kind: AccountPanel;
  title: string;
  panelRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = `${PANEL_ID[kind]}-title`;

  // The header's height varies (its buttons wrap on phones), so the panel measures where it
  // starts and its CSS keeps it above the bottom of the screen.
  useLayoutEffect(() => {
    const node = panelRef.current;
    if (!node) return;
    const measure = () => {
      const top = Math.max(0, Math.round(node.getBoundingClientRect().top));
      node.style.setProperty('--panel-top', `${top}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [panelRef]);

  return (
    <div
      id={PANEL_ID[kind]}
      ref={panelRef}
      className={kind === 'login' ? styles.panel : `${styles.panel} ${styles.panelWide}`}
      role="dialog"
      aria-labelledby={titleId}
    >
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle} tabIndex={-1}>
          {title}
        </h2>
        <Button variant="ghost" aria-label={ka.common.close} onClick={onClose}>
          ✕
        </Button>
      </div>
      {children}
    </div>
  );
}
