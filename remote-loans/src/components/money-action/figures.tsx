import type { ReactNode } from 'react';
import styles from './money-action.module.css';

/** One figure behind a money action: what it is, and the amount (already formatted). */
export interface Figure {
  term: string;
  value: ReactNode;
  /** What the action is about (the total, what is returned): read first. */
  strong?: boolean;
}

/** The figures behind a money action, a term and its amount a row; a `false` row is left out. */
export function Figures({ rows }: { rows: readonly (Figure | false)[] }) {
  return (
    <dl className={styles.figures}>
      {rows.map((row) =>
        row ? (
          <div key={row.term} className={row.strong ? styles.strong : undefined}>
            <dt>{row.term}</dt>
            <dd>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
