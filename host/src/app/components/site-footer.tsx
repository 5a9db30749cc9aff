import { Link } from 'react-router-dom';
import { kaHost } from '../../words/ka-host';
import styles from './site-frame.module.css';

/** The footer: the terms are a link away on every page, a phone's without its menu included. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <span>
          © {new Date().getFullYear()} {kaHost.brand}. {kaHost.footer.rights}
        </span>
        <Link to="/static">{kaHost.terms.title}</Link>
        <span>{kaHost.footer.language}</span>
      </div>
    </footer>
  );
}
