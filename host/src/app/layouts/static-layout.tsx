import styles from '../components/site-frame.module.css';
import { LayoutFrame } from './layout-frame';

/** The static layout (/static): a narrow reading column for long documents, no account entry. */
export function StaticLayout() {
  return <LayoutFrame showAccount={false} mainClassName={styles.mainNarrow} />;
}
