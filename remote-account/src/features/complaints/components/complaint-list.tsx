import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDate, formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { useTbilisiToday } from 'shared/lib/tbilisi-today';
import { format } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { type Complaint, complaintsQuery } from '../api/complaints';
import { kaComplaints as t } from '../ka-complaints';
import { isPastDue } from '../lib/answer-due';
import styles from './complaints.module.css';

/** The National Bank's dispute commission's limit for a dispute, in lari. */
const DISPUTE_LIMIT = '50000.00';

/** The way on once the lender has answered, or has not in time: free, within 6 months. */
function DisputeRoute({ late }: { late: boolean }) {
  const titleId = useId();
  return (
    // A note, not a landmark: every answered complaint has one.
    <div role="note" className={styles.dispute} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.disputeTitle}>
        {t.disputeTitle}
      </h4>
      <p>{format(late ? t.disputeOverdue : t.dispute, { limit: formatMoney(DISPUTE_LIMIT) })}</p>
    </div>
  );
}

function ComplaintCard({ complaint, today }: { complaint: Complaint; today: string | null }) {
  const titleId = useId();
  const late = isPastDue(complaint, today);
  const answered = complaint.status === 'answered';
  return (
    <li className={styles.complaint} aria-labelledby={titleId}>
      <div className={styles.complaintHead}>
        <h3 id={titleId} className={styles.number}>
          <span className="visually-hidden">{t.number}: </span>
          {complaint.number}
        </h3>
        <span className={answered ? styles.answeredBadge : styles.receivedBadge}>
          {t.statuses[complaint.status]}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t.topic}</dt>
          <dd>{t.topics[complaint.topic]}</dd>
        </div>
        {complaint.loan !== null ? (
          <div>
            <dt>{t.loan}</dt>
            <dd>{format(t.aboutLoan, { id: complaint.loan })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.sentAt}</dt>
          <dd>{formatDateTime(complaint.created_at)}</dd>
        </div>
        {answered && complaint.answered_at ? (
          <div>
            <dt>{t.answeredAt}</dt>
            <dd>{formatDateTime(complaint.answered_at)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t.answerDue}</dt>
            <dd>{formatDate(complaint.answer_due)}</dd>
          </div>
        )}
      </dl>
      {complaint.answer ? (
        <div className={styles.answer}>
          <h4 className={styles.answerTitle}>{t.answer}</h4>
          <p className={styles.text}>{complaint.answer}</p>
        </div>
      ) : null}
      {late ? <p className={styles.late}>{t.overdue}</p> : null}
      <details className={styles.own}>
        <summary>{t.yourText}</summary>
        <p className={styles.text}>{complaint.text}</p>
      </details>
      {answered || late ? <DisputeRoute late={late} /> : null}
    </li>
  );
}

/** The customer's complaints, newest first, each with its case number, state and answer. */
export function ComplaintList({ titleId }: { titleId: string }) {
  const complaints = useQuery(complaintsQuery);
  const today = useTbilisiToday();
  if (complaints.isPending) return <p className={styles.note}>{t.loading}</p>;
  if (complaints.isError) {
    return <LoadError message={t.loadError} onRetry={() => void complaints.refetch()} />;
  }
  if (complaints.data.length === 0) return <p className={styles.note}>{t.empty}</p>;
  return (
    <ul className={styles.list} aria-labelledby={titleId}>
      {complaints.data.map((complaint) => (
        <ComplaintCard key={complaint.id} complaint={complaint} today={today} />
      ))}
    </ul>
  );
}
