import { type ReactNode, type RefObject, useLayoutEffect } from 'react';
import { NOTIFICATIONS_PANEL_ID } from 'shared/stores/notification-panel';
import type { AccountPanel as PanelKind } from 'shared/stores/ui-store';
import { Button } from 'shared/ui/button';
import { ACCOUNT_PANEL_ID as PANEL_ID } from 'shared/ui/visitor-account-buttons';
import styles from '../components/account.module.css';
import { kaAccount } from '../lib/ka-account';

/** A non-modal dialog below the header's buttons; it scrolls when taller than the screen. */
export function AccountPanel({
  kind,
  title,
  panelRef,
  onClose,
  children,
}: {
  /** The UI store's panels, and the notifications' (a store of their own, decision 048). */
  kind: PanelKind | 'notifications';
  title: string;
  panelRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = kind === 'notifications' ? NOTIFICATIONS_PANEL_ID : PANEL_ID[kind];
  const titleId = `${id}-title`;

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
      id={id}
      ref={panelRef}
      className={kind === 'login' ? styles.panel : `${styles.panel} ${styles.panelWide}`}
      role="dialog"
      aria-labelledby={titleId}
    >
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle} tabIndex={-1}>
          {title}
        </h2>
        <Button variant="ghost" aria-label={kaAccount.close} onClick={onClose}>
          ✕
        </Button>
      </div>
      {children}
    </div>
  );
}
