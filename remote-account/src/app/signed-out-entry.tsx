import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'shared/navigation/router';
import { type AccountPanel as PanelKind, useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { VisitorAccountButtons } from 'shared/ui/visitor-account-buttons';
import styles from '../components/account.module.css';
import { kaRegistration } from '../features/registration/ka-registration';
import { kaAccount } from '../lib/ka-account';
import { AccountPanel } from './account-panel';
import { paymentWaiting } from './payment-waiting';
import { useEscapeCloses } from './use-escape-closes';

// The forms load when a panel opens: a visitor who only reads the home page never downloads
// them, nor the form library and field schemas they bring (issue 7's first-load budget).
const LoginForm = lazy(() =>
  import('../features/login/components/login-form').then((m) => ({ default: m.LoginForm })),
);
const RegistrationForm = lazy(() =>
  import('../features/registration/components/registration-form').then((m) => ({
    default: m.RegistrationForm,
  })),
);

/** Under the login form: no account yet? Over to registration. */
function RegisterSwitch({ onRegister }: { onRegister: () => void }) {
  return (
    <p className={styles.switchPanel}>
      {kaRegistration.noAccount}{' '}
      <button type="button" className={styles.linkButton} onClick={onRegister}>
        {kaRegistration.register}
      </button>
    </p>
  );
}

/** A visitor's entry: the login and registration buttons, and the panel either opens. */
export function SignedOut({
  panel,
  loginTrigger,
  registerTrigger,
}: {
  panel: PanelKind | null;
  loginTrigger: RefObject<HTMLButtonElement | null>;
  registerTrigger: RefObject<HTMLButtonElement | null>;
}) {
  const requestLogin = useUiStore((state) => state.requestLogin);
  const requestRegistration = useUiStore((state) => state.requestRegistration);
  const dismiss = useUiStore((state) => state.dismissAccountPanel);
  // Back from the bank without a session: the login says what it will show.
  const waiting = paymentWaiting(useLocation().search);
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

  useEscapeCloses(panel !== null, close);

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
        <AccountPanel kind="login" title={kaAccount.loginTitle} panelRef={panelRef} onClose={close}>
          {waiting ? <Alert tone="info">{kaAccount.paymentWaiting}</Alert> : null}
          <Suspense fallback={<p>{ka.common.loading}</p>}>
            <LoginForm
              initialUsername={username}
              registerSwitch={<RegisterSwitch onRegister={requestRegistration} />}
            />
            <FocusFirstEmptyField panelRef={panelRef} />
          </Suspense>
        </AccountPanel>
      ) : null}
      {panel === 'register' ? (
        <AccountPanel
          kind="register"
          title={kaRegistration.title}
          panelRef={panelRef}
          onClose={close}
        >
          <Suspense fallback={<p>{ka.common.loading}</p>}>
            <RegistrationForm onLogin={openLoginFor} />
            <FocusFirstEmptyField panelRef={panelRef} />
          </Suspense>
        </AccountPanel>
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
