import { type Ref, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { Button } from 'shared/ui/button';
import { ACCOUNT_PANEL_ID } from 'shared/ui/visitor-account-buttons';
import styles from '../styles/account-buttons.module.css';

/** Initials for the round badge: the first letters of the first and last names. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
}

/**
 * Whether the name fits its button, measured before the screen is painted: a name cut to two
 * letters reads as broken, so one that does not fit gives way to initials. Measured again when
 * its box narrows (the header gains a button beside it: the bell, once the count is known), and
 * from the name whenever the screen's width changes.
 */
function useNameFits(name: RefObject<HTMLElement | null>, text: string | null): boolean {
  const [fits, setFits] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text or a return to the name is measured anew.
  useLayoutEffect(() => {
    const node = name.current;
    if (!node) return;
    const measure = () => {
      if (node.scrollWidth > node.clientWidth) setFits(false);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
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

export interface CustomerAccountButtonsProps {
  /** The customer's names, once known (a session restored from its cookie has none yet). */
  names: { first_name: string; last_name: string } | undefined;
  /** The account panel is open: the name button says so and names the panel it controls. */
  open: boolean;
  onAccount: () => void;
  onLogout: () => void;
  /** A pointer or focus coming near: time to fetch what the name button opens. */
  onIntent?: () => void;
  accountRef?: Ref<HTMLButtonElement>;
}

/**
 * A customer's buttons in the header: their name (or initials, when the name does not fit)
 * opening the account panel, and logout, which on phones moves into that panel. The host
 * shows them before the account slice has loaded (a customer who only pays never downloads
 * it) and the slice the same ones once it has: nothing moves when one replaces the other.
 */
export function CustomerAccountButtons({
  names,
  open,
  onAccount,
  onLogout,
  onIntent,
  accountRef,
}: CustomerAccountButtonsProps) {
  const nameRef = useRef<HTMLSpanElement>(null);
  const nameFits = useNameFits(nameRef, names?.first_name ?? null);
  const intent = onIntent
    ? { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent }
    : {};

  let label = <>{kaAccountButtons.myAccount}</>;
  if (names && nameFits) {
    label = (
      <>
        <span className="visually-hidden">{kaAccountButtons.myAccount}: </span>
        <span ref={nameRef} className={styles.accountName}>
          {names.first_name}
        </span>
      </>
    );
  } else if (names) {
    label = (
      <>
        <span className="visually-hidden">
          {kaAccountButtons.myAccount}: {names.first_name} {names.last_name}
        </span>
        <span aria-hidden="true" className={styles.initials}>
          {initialsOf(names.first_name, names.last_name)}
        </span>
      </>
    );
  }

  return (
    <div className={styles.actions}>
      <Button
        ref={accountRef}
        variant="ghost"
        className={`${styles.entryButton} ${styles.accountButton}`}
        data-initials={names && !nameFits ? true : undefined}
        aria-expanded={open}
        aria-controls={open ? ACCOUNT_PANEL_ID.account : undefined}
        onClick={onAccount}
        {...intent}
      >
        {label}
      </Button>
      <Button
        variant="secondary"
        className={`${styles.entryButton} ${styles.headerLogout}`}
        onClick={onLogout}
      >
        {kaAccountButtons.logout}
      </Button>
    </div>
  );
}
