import styles from '../components/site-frame.module.css';
import { LayoutFrame } from './layout-frame';

/** The default layout (/, /recovery and the error page): header with the account entry. */
export function DefaultLayout() {
  return <LayoutFrame showAccount mainClassName={styles.main} />;
}
