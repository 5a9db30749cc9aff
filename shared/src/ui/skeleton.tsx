import styles from '../styles/ui.module.css';

/** A grey shimmering block that holds a layout's place while its content loads. */
export function Skeleton({ height, width = '100%' }: { height: string; width?: string }) {
  return <span aria-hidden="true" className={styles.skeleton} style={{ height, width }} />;
}
