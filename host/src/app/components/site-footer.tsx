import { ka } from 'shared/strings/ka';
import styles from '../layouts/layout.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <span>
          © {new Date().getFullYear()} {ka.brand}. {ka.footer.rights}
        </span>
        <span>{ka.footer.language}</span>
      </div>
    </footer>
  );
}
