import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './print-only.module.css';

/**
 * What a printed page holds while this is on the page: `children`, and nothing else of the
 * page (no navigation, no other card). A copy straight under <body> that only print shows; the
 * print style sheet hides every other child of <body>. Made once mounted: it needs the document.
 */
export function PrintOnly({ children }: { children: ReactNode }) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => setBody(document.body), []);
  return body
    ? createPortal(
        <div className={styles.printed} data-print-root="">
          {children}
        </div>,
        body,
      )
    : null;
}
