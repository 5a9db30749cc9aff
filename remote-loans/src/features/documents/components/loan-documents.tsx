import { lazy, Suspense, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import disclosure from '../../../components/disclosure.module.css';
import { kaLoans } from '../../../ka-loans';
import styles from './loan-documents.module.css';

const t = kaLoans.documents;

// Its own chunk: the provider's HTML brings the sanitiser, which no other part of a customer's
// first page needs; it loads when the documents are opened.
const DocumentsBody = lazy(() => import('./documents-body'));

/**
 * A loan's documents as one printable view (contract v1.2): the key terms as offered, the
 * contract as accepted (that version, sanitised), the schedule and the payments. Asked for
 * when the customer opens it; printed alone while it is open.
 */
export function LoanDocuments({ loan }: { loan: Loan }) {
  // Open while it is open (closed, nothing of it is printed); opened before the script took
  // the page over, it is found open when it does.
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  return (
    <details
      ref={ref}
      className={disclosure.details}
      onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => setOpened(event.currentTarget.open)}
    >
      <summary>{t.offer}</summary>
      {opened ? (
        <Suspense fallback={<p className={styles.note}>{t.loading}</p>}>
          <DocumentsBody loan={loan} />
        </Suspense>
      ) : null}
    </details>
  );
}
