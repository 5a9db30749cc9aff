import { useQuery } from '@tanstack/react-query';
import { type ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { formatDate } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { Card } from 'shared/ui/card';
import { LoadError } from 'shared/ui/load-error';
import { ProviderHtml } from 'shared/ui/provider-html';
import { Skeleton } from 'shared/ui/skeleton';
import { kaHost } from '../../words/ka-host';
import styles from './pages.module.css';

/** One contract's current terms from the CMS; a failure degrades only this section. */
export function TermsSection({ type, heading }: { type: ContractType; heading: string }) {
  const query = useQuery(termsOfContractQuery(type));
  const showPending = useDelayedFlag(query.isPending);
  const headingId = `terms-${type}`;
  return (
    <Card aria-labelledby={headingId} aria-busy={query.isPending}>
      <h2 id={headingId}>{heading}</h2>
      {query.isPending && showPending ? <Skeleton height="8rem" /> : null}
      {query.status === 'error' ? (
        <LoadError message={ka.terms.error} onRetry={() => void query.refetch()} />
      ) : null}
      {query.status === 'success' && !query.data ? <p>{ka.terms.empty}</p> : null}
      {query.status === 'success' && query.data ? (
        <article>
          <h3>{query.data.title}</h3>
          <p className={styles.termsMeta}>
            {kaHost.terms.version} {query.data.version} · {kaHost.terms.published}{' '}
            {formatDate(query.data.published_at)}
          </p>
          <ProviderHtml html={query.data.content} />
        </article>
      ) : null}
    </Card>
  );
}
