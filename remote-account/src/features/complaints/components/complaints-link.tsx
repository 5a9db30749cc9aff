import { Link } from 'shared/navigation/router';
import { kaComplaints as t } from '../ka-complaints';
import styles from './complaints-link.module.css';

/** The account panel's way to the customer's complaints; the panel closes as it is followed. */
export function ComplaintsLink({ onFollow }: { onFollow: () => void }) {
  return (
    <nav className={styles.link} aria-label={t.title}>
      <Link to="/complaints" onClick={onFollow}>
        {t.panelLink}
      </Link>
      <p>{t.panelLinkHint}</p>
    </nav>
  );
}
