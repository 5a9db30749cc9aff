import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLocation } from 'shared/navigation/router';
import { COMPLAINT_TOPICS, type ComplaintTopic, complaintsQuery } from '../api/complaints';
import { kaComplaints as t } from '../ka-complaints';
import { ComplaintForm } from './complaint-form';
import { ComplaintList } from './complaint-list';
import styles from './complaints.module.css';

/** What the address asks for: `?loan=<id>` from a loan's card, `?topic=` from the consents. */
function useRequested(): { loan: number | null; topic: ComplaintTopic | null } {
  const params = new URLSearchParams(useLocation().search);
  const loan = Number(params.get('loan'));
  const topic = params.get('topic');
  return {
    loan: Number.isInteger(loan) && loan > 0 ? loan : null,
    topic: COMPLAINT_TOPICS.find((known) => known === topic) ?? null,
  };
}

/**
 * A customer's complaints on /complaints (decision 028): the form, and every complaint sent
 * with its case number, state and answer. Who came to write (from a loan, from the consents,
 * or with nothing sent yet) meets the form first; who came back for an answer, the list.
 */
export default function ComplaintsPage() {
  const requested = useRequested();
  const listTitleId = useId();
  const complaints = useQuery(complaintsQuery);
  const writing =
    requested.loan !== null || requested.topic !== null || complaints.data?.length === 0;
  const form = <ComplaintForm requestedLoan={requested.loan} requestedTopic={requested.topic} />;
  const list = (
    <section className={styles.section} aria-labelledby={listTitleId}>
      <h2 id={listTitleId} className={styles.sectionTitle}>
        {t.listTitle}
      </h2>
      <ComplaintList titleId={listTitleId} />
    </section>
  );
  return (
    <section className={styles.page} aria-labelledby="complaints-title">
      <h1 id="complaints-title" className={styles.title}>
        {t.title}
      </h1>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.columns}>
        {writing ? form : list}
        {writing ? list : form}
      </div>
    </section>
  );
}
