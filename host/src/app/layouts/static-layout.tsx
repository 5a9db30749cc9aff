import { Outlet } from 'react-router-dom';
import { ka } from 'shared/strings/ka';
import { SideBar } from '../components/side-bar';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import styles from './layout.module.css';

/** The static layout (/static): a narrow reading column for long documents, no account slot. */
export function StaticLayout() {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {ka.nav.skipToContent}
      </a>
      <SiteHeader showAccount={false} />
      <SideBar />
      <main id="main" className={styles.mainNarrow} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
