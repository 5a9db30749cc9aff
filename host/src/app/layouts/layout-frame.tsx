import { Outlet } from 'react-router-dom';
import { kaHost } from '../../words/ka-host';
import { InactivityGuard } from '../components/inactivity-guard';
import { SessionNotice } from '../components/session-notice';
import { SideBar } from '../components/side-bar';
import { SiteFooter } from '../components/site-footer';
import styles from '../components/site-frame.module.css';
import { SiteHeader } from '../components/site-header';

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
