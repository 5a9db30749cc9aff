import { NavLink } from 'react-router-dom';
import { ka } from 'shared/strings/ka';
import styles from '../layouts/layout.module.css';

const links = [
  { to: '/', label: ka.nav.home, end: true },
  { to: '/static', label: ka.nav.terms, end: false },
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
