import { Outlet } from 'react-router-dom';
import { InactivityGuard } from '../components/inactivity-guard';
import { SessionNotice } from '../components/session-notice';
import { SideBar } from '../components/side-bar';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { kaHost } from '../ka-host';
import styles from './layout.module.css';

/** What both layouts share: skip link, header, side bar, the page in <main>, footer. */
export function LayoutFrame({
  showAccount,
  mainClassName,
}: {
  showAccount: boolean;
  mainClassName: string | undefined;
}) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {kaHost.nav.skipToContent}
      </a>
      <SiteHeader showAccount={showAccount} />
      <SideBar />
      <SessionNotice />
      <InactivityGuard />
      <main id="main" className={mainClassName} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
