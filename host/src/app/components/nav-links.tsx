import { NavLink } from 'react-router-dom';
import { kaHost } from '../../words/ka-host';
import styles from './site-frame.module.css';

const links = [
  { to: '/', label: kaHost.nav.home, end: true },
  { to: '/static', label: kaHost.nav.terms, end: false },
] as const;

/** The site's main links, used by the desktop header and the side bar alike. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink className={styles.navLink} to={link.to} end={link.end} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
