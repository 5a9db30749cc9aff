import { useRef } from 'react';
import { Link } from 'shared/navigation/router';
import { useUiStore } from 'shared/stores/ui-store';
import { Button } from 'shared/ui/button';
import { kaHost } from '../../words/ka-host';
import { AccountDoor } from './account-door';
import { NavLinks } from './nav-links';
import { MENU_BUTTON_ID } from './side-bar';
import styles from './site-frame.module.css';
import { useStickyHeaderOffset } from './use-sticky-header-offset';

/**
 * Three bars, drawn: as the ☰ character it took a 12 KB font subset of its own (the brand
 * font's symbols), asked for late, after the style sheet, on every first load.
 */
function MenuIcon() {
  return (
    <svg className={styles.menuIcon} aria-hidden="true" focusable="false" viewBox="0 0 20 16">
      <path
        d="M1 2h18M1 8h18M1 14h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function SiteHeader({ showAccount }: { showAccount: boolean }) {
  const sidebarOpen = useUiStore((state) => state.sidebarOpen);
  const toggleSidebar = useUiStore((state) => state.toggleSidebar);
  const header = useRef<HTMLElement>(null);
  useStickyHeaderOffset(header);
  return (
    <header ref={header} className={styles.header}>
      <div className={styles.headerInner}>
        <Button
          id={MENU_BUTTON_ID}
          className={styles.menuButton}
          variant="ghost"
          aria-label={kaHost.nav.openMenu}
          aria-expanded={sidebarOpen}
          aria-controls="side-bar"
          onClick={toggleSidebar}
        >
          <MenuIcon />
        </Button>
        <Link to="/" className={styles.brand}>
          {kaHost.brand}
        </Link>
        <nav className={styles.desktopNav} aria-label={kaHost.nav.label}>
          <NavLinks />
        </nav>
        {showAccount ? <AccountDoor /> : null}
      </div>
    </header>
  );
}
