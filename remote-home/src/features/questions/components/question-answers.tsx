import { sanitizeHtml } from 'shared/lib/sanitize-html';
import { useApiQuery } from 'shared/lib/use-api-query';
import { ka } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { fetchQuestionAnswers } from '../api/question-answer';
import styles from './question-answers.module.css';

/** The home page's questions and answers from GET /api/cms/question_answer/, as disclosures. */
export default function QuestionAnswers() {
  const items = useApiQuery((signal) => fetchQuestionAnswers(signal), []);
  return (
    <section aria-labelledby="faq-title" aria-busy={items.status === 'loading'}>
      <h2 id="faq-title" className={styles.title}>
        {ka.home.faqTitle}
      </h2>
      {items.status === 'loading' && items.showPending ? <Skeleton height="10rem" /> : null}
      {items.status === 'error' ? (
        <LoadError message={ka.home.faqError} onRetry={items.retry} />
      ) : null}
      {items.status === 'success' && items.data.length === 0 ? <p>{ka.home.faqEmpty}</p> : null}
      {items.status === 'success' && items.data.length > 0 ? (
        <div className={styles.list}>
          {items.data.map((item) => (
            <details key={item.id} className={styles.item}>
              <summary className={styles.question}>{item.question}</summary>
              <div
                className={styles.answer}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: CMS HTML, sanitised by sanitizeHtml.
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.answer) }}
              />
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
