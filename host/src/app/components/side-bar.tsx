import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import styles from '../layouts/layout.module.css';
import { NavLinks } from './nav-links';

/** The phone menu: open/closed state lives in the shared UI store, so any slice can close it. */
export function SideBar() {
  const open = useUiStore((state) => state.sidebarOpen);
  const close = useUiStore((state) => state.closeSidebar);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu.
  useEffect(() => close(), [pathname, close]);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  if (!open) return null;
  return (
    <>
      <button
        type="button"
        className={styles.backdrop}
        aria-label={ka.nav.closeMenu}
        tabIndex={-1}
        onClick={close}
      />
      <nav id="side-bar" className={styles.sidebar} aria-label={ka.nav.label}>
        <div className={styles.sidebarHeader}>
          <strong>{ka.brand}</strong>
          <Button ref={closeButton} variant="ghost" onClick={close} aria-label={ka.nav.closeMenu}>
            ✕
          </Button>
        </div>
        <NavLinks onNavigate={close} />
      </nav>
    </>
  );
}
