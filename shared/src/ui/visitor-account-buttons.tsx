import type { Ref } from 'react';
import type { AccountPanel } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import styles from '../styles/account-buttons.module.css';

export const ACCOUNT_PANEL_ID: Record<AccountPanel, string> = {
  login: 'login-panel',
  register: 'register-panel',
  account: 'account-panel',
};

/** The row and button classes, for the account slice's customer buttons beside these. */
export const accountButtonClasses = {
  actions: styles.actions,
  entryButton: styles.entryButton,
} as const;

export interface VisitorAccountButtonsProps {
  /** The panel open now: its button says it is expanded and names the panel it controls. */
  panel: AccountPanel | null;
  onLogin: () => void;
  onRegister: () => void;
  /** A pointer or focus coming near: time to fetch what the buttons open. */
  onIntent?: () => void;
  loginRef?: Ref<HTMLButtonElement>;
  registerRef?: Ref<HTMLButtonElement>;
}

/**
 * A visitor's login and registration buttons in the header. The host shows them before the
 * account slice has loaded (a visitor who only reads the home page never downloads it), and
 * the slice shows the same ones once it has: nothing moves when one replaces the other.
 */
export function VisitorAccountButtons({
  panel,
  onLogin,
  onRegister,
  onIntent,
  loginRef,
  registerRef,
}: VisitorAccountButtonsProps) {
  const intent = onIntent
    ? { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent }
    : {};
  return (
    <div className={styles.actions}>
      <Button
        ref={loginRef}
        className={styles.entryButton}
        aria-expanded={panel === 'login'}
        aria-controls={panel === 'login' ? ACCOUNT_PANEL_ID.login : undefined}
        onClick={onLogin}
        {...intent}
      >
        {ka.account.login}
      </Button>
      <Button
        ref={registerRef}
        variant="secondary"
        className={`${styles.entryButton} ${styles.registerButton}`}
        aria-expanded={panel === 'register'}
        aria-controls={panel === 'register' ? ACCOUNT_PANEL_ID.register : undefined}
        onClick={onRegister}
        {...intent}
      >
        {ka.account.register}
      </Button>
    </div>
  );
}
