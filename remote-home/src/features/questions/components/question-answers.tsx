import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { ProviderHtml } from 'shared/ui/provider-html';
import { Skeleton } from 'shared/ui/skeleton';
import { kaHome } from '../../../ka-home';
import { questionAnswersQuery } from '../api/question-answer';
import styles from './question-answers.module.css';

/** The questions and answers, asked for by the host's server before it renders the page (decision 020). */
export async function prefetchOnServer(client: QueryClient): Promise<void> {
  await client.prefetchQuery(questionAnswersQuery);
}

/** The home page's questions and answers from GET /api/cms/question_answer/, as disclosures. */
export default function QuestionAnswers() {
  const items = useQuery(questionAnswersQuery);
  const showPending = useDelayedFlag(items.isPending);
  return (
    <section aria-labelledby="faq-title" aria-busy={items.isPending}>
      <h2 id="faq-title" className={styles.title}>
        {ka.home.faqTitle}
      </h2>
      {items.isPending && showPending ? <Skeleton height="10rem" /> : null}
      {items.status === 'error' ? (
        <LoadError message={kaHome.faqError} onRetry={() => void items.refetch()} />
      ) : null}
      {items.status === 'success' && items.data.length === 0 ? <p>{kaHome.faqEmpty}</p> : null}
      {items.status === 'success' && items.data.length > 0 ? (
        <div className={styles.list}>
          {items.data.map((item) => (
            <details key={item.id} className={styles.item}>
              <summary className={styles.question}>{item.question}</summary>
              <ProviderHtml className={styles.answer} html={item.answer} />
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
