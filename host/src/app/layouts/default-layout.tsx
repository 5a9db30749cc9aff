import { Outlet } from 'react-router-dom';
import { ka } from 'shared/strings/ka';
import { SideBar } from '../components/side-bar';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import styles from './layout.module.css';

/** The default layout (/, /recovery and the error page): header with account entry, side bar. */
export function DefaultLayout() {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {ka.nav.skipToContent}
      </a>
      <SiteHeader showAccount />
      <SideBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
