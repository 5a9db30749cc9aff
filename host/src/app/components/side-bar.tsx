import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'shared/navigation/router';
import { useUiStore } from 'shared/stores/ui-store';
import { Button } from 'shared/ui/button';
import { kaHost } from '../../words/ka-host';
import { CloseIcon } from './drawn-icons';
import { NavLinks } from './nav-links';
import styles from './site-frame.module.css';

export const MENU_BUTTON_ID = 'menu-button';

/** The phone menu: open/closed state lives in the shared UI store, so any slice can close it. */
export function SideBar() {
  const open = useUiStore((state) => state.sidebarOpen);
  const close = useUiStore((state) => state.closeSidebar);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu.
  useEffect(() => close(), [pathname, close]);

  // Closing by hand gives focus back to the menu button, where the customer opened it.
  const dismiss = useCallback(() => {
    close();
    document.getElementById(MENU_BUTTON_ID)?.focus();
  }, [close]);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, dismiss]);

  if (!open) return null;
  return (
    <>
      {/* A pointer convenience only: Escape and the close button are the keyboard ways out. */}
      <div className={styles.backdrop} aria-hidden="true" onClick={dismiss} />
      <nav id="side-bar" className={styles.sidebar} aria-label={kaHost.nav.menuLabel}>
        <div className={styles.sidebarHeader}>
          <strong>{kaHost.brand}</strong>
          <Button
            ref={closeButton}
            variant="ghost"
            onClick={dismiss}
            aria-label={kaHost.nav.closeMenu}
          >
            <CloseIcon />
          </Button>
        </div>
        <NavLinks onNavigate={close} />
      </nav>
    </>
  );
}
