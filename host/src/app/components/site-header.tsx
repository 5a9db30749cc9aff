import { useRef } from 'react';
import { Link } from 'shared/navigation/router';
import { useUiStore } from 'shared/stores/ui-store';
import { Button } from 'shared/ui/button';
import { kaHost } from '../../words/ka-host';
import { AccountDoor } from './account-door';
import { MenuIcon } from './drawn-icons';
import { NavLinks } from './nav-links';
import { MENU_BUTTON_ID } from './side-bar';
import styles from './site-frame.module.css';
import { useStickyHeaderOffset } from './use-sticky-header-offset';

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
