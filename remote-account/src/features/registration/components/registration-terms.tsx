import { useId } from 'react';
import type { TermsOfContract } from 'shared/api/cms/terms-of-contract';
import { formatDate } from 'shared/lib/money';
import { sanitizeHtml } from 'shared/lib/sanitize-html';
import type { QueryResult } from 'shared/lib/use-api-query';
import { format, ka } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { kaRegistration } from '../ka-registration';
import styles from './registration.module.css';

/**
 * The registration terms from the CMS (the first of contact_type 2) in a scrollable box, and
 * the box the customer ticks to accept them. Without loaded terms there is nothing to accept.
 */
export function RegistrationTerms({
  terms,
  accepted,
  error,
  onAcceptedChange,
}: {
  terms: QueryResult<TermsOfContract | null>;
  accepted: boolean;
  error: string | undefined;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.terms} aria-busy={terms.status === 'loading'}>
      <legend className={styles.termsLegend}>{ka.terms.registration}</legend>
      {terms.status === 'loading' ? (
        <>
          <span className="visually-hidden">{kaRegistration.termsLoading}</span>
          {terms.showPending ? <Skeleton height="6rem" /> : null}
        </>
      ) : null}
      {terms.status === 'error' ? (
        <LoadError message={ka.terms.error} onRetry={terms.retry} />
      ) : null}
      {terms.status === 'success' && !terms.data ? (
        <LoadError message={ka.terms.empty} onRetry={terms.retry} />
      ) : null}
      {terms.status === 'success' && terms.data ? (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box takes focus so a keyboard can scroll it. */}
          <section className={styles.termsBox} aria-labelledby={`${id}-title`} tabIndex={0}>
            <h3 id={`${id}-title`} className={styles.termsTitle}>
              {terms.data.title}
            </h3>
            <p className={styles.termsMeta}>
              {format(kaRegistration.termsVersion, {
                version: terms.data.version,
                date: formatDate(terms.data.published_at),
              })}
            </p>
            <div
              className={styles.termsContent}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: CMS HTML, sanitised by sanitizeHtml.
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(terms.data.content) }}
            />
          </section>
          <div className={styles.checkbox}>
            <input
              id={id}
              type="checkbox"
              name="terms_of_contract"
              checked={accepted}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onAcceptedChange(event.target.checked)}
            />
            <label htmlFor={id}>{kaRegistration.termsAccept}</label>
          </div>
        </>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
