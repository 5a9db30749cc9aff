import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { type Control, type FieldValues, useController } from 'react-hook-form';
import type { TermsOfContract } from 'shared/api/cms/terms-of-contract';
import { formatDate } from 'shared/lib/money';
import { format, ka } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { ProviderHtml } from 'shared/ui/provider-html';
import { Skeleton } from 'shared/ui/skeleton';
import { kaRegistration } from '../ka-registration';
import type { RegistrationValues } from '../lib/registration-schema';
import styles from './registration.module.css';

/**
 * The registration terms from the CMS (the first of contact_type 2) in a scrollable box, and
 * the box the customer ticks to accept them. Without loaded terms there is nothing to accept.
 */
export function RegistrationTerms<C, O extends FieldValues>({
  terms,
  showPending,
  control,
}: {
  terms: UseQueryResult<TermsOfContract | null>;
  /** True once the terms have been loading longer than the pending delay. */
  showPending: boolean;
  /** The registration form: the box is its `terms_of_contract` field. */
  control: Control<RegistrationValues, C, O>;
}) {
  // Bound here, after the text fields, so a failed submit focuses the first field in error.
  const { field, fieldState } = useController({ control, name: 'terms_of_contract' });
  const error = fieldState.error?.message;
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.terms} aria-busy={terms.isPending}>
      <legend className={styles.termsLegend}>{ka.terms.registration}</legend>
      {terms.isPending ? (
        <>
          <span className="visually-hidden">{kaRegistration.termsLoading}</span>
          {showPending ? <Skeleton height="6rem" /> : null}
        </>
      ) : null}
      {terms.status === 'error' ? (
        <LoadError message={ka.terms.error} onRetry={() => void terms.refetch()} />
      ) : null}
      {terms.status === 'success' && !terms.data ? (
        <LoadError message={ka.terms.empty} onRetry={() => void terms.refetch()} />
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
            <ProviderHtml html={terms.data.content} />
          </section>
          <div className={styles.checkbox}>
            <input
              id={id}
              ref={field.ref}
              type="checkbox"
              name={field.name}
              checked={field.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
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
