import { kaHost } from '../ka-host';
import styles from '../layouts/layout.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <span>
          © {new Date().getFullYear()} {kaHost.brand}. {kaHost.footer.rights}
        </span>
        <span>{kaHost.footer.language}</span>
      </div>
    </footer>
  );
}
