import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { TermsOfContract } from 'shared/api/cms/terms-of-contract';
import type { RepublishedDocument } from 'shared/forms/use-republished-document';
import { formatDate } from 'shared/lib/money';
import { format, ka } from 'shared/strings/ka';
import { LoadError } from 'shared/ui/load-error';
import { ProviderHtml } from 'shared/ui/provider-html';
import { Skeleton } from 'shared/ui/skeleton';
import styles from './acceptance.module.css';

/** The words an acceptance shows: each slice's own, in Georgian. */
export interface AcceptanceStrings {
  /** The fieldset's legend: what is being accepted. */
  legend: string;
  /** The box's label. */
  accept: string;
  /** Read by screen readers while the document loads. */
  loading: string;
  /** The document failed to load (a retry follows). */
  error: string;
  /** The provider lists no document of this type (a retry follows). */
  empty: string;
  /** After a republished document: it changed and must be read and accepted again. */
  republished: string;
}

export interface AcceptanceProps<T extends FieldValues, C, O extends FieldValues> {
  /** The current document (the first of its contact_type), as TanStack Query has it. */
  document: UseQueryResult<TermsOfContract | null>;
  /** True once the document has been loading longer than the pending delay. */
  showPending: boolean;
  /** The form and its boolean field for the box. */
  control: Control<T, C, O>;
  name: FieldPath<T>;
  strings: AcceptanceStrings;
  /** From useRepublishedDocument, when the form recovers from a republished document. */
  recovery?: RepublishedDocument;
}

/**
 * A provider document to read (title, version and date, its sanitised HTML in a box the
 * keyboard can scroll) and an unticked box of its own to accept it, bound to a react-hook-form
 * field. Loading, a load error or no document show instead of the box, with a retry: without
 * a document there is nothing to accept. A republished document is replaced by its current
 * version, with a notice to read and accept it afresh.
 */
export function Acceptance<T extends FieldValues, C, O extends FieldValues>({
  document,
  showPending,
  control,
  name,
  strings,
  recovery,
}: AcceptanceProps<T, C, O>) {
  // Bound where it is rendered, so a failed submit focuses the first field in error.
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const id = useId();
  const errorId = `${id}-error`;
  const box = useRef<HTMLInputElement | null>(null);
  // The outdated version is not shown while the current one loads: it cannot be accepted.
  const reloading = recovery?.reloading ?? false;
  const loading = document.isPending || reloading;
  const current = !reloading && document.status === 'success' ? document.data : null;
  const shownId = current?.id;

  // Once the current version has replaced the old one, its box takes the focus if it was
  // the first field in error (the reload replaced the box the error focused).
  useEffect(() => {
    if (shownId === undefined || !recovery?.focusOnLoad.current) return;
    recovery.focusOnLoad.current = false;
    box.current?.focus();
  }, [shownId, recovery]);

  return (
    <fieldset className={styles.acceptance} aria-busy={loading}>
      <legend className={styles.legend}>{strings.legend}</legend>
      <div className={styles.notice} aria-live="polite">
        {recovery?.republished && !field.value ? <p>{strings.republished}</p> : null}
      </div>
      {loading ? (
        <>
          <span className="visually-hidden">{strings.loading}</span>
          {showPending || reloading ? <Skeleton height="6rem" /> : null}
        </>
      ) : null}
      {!loading && document.status === 'error' ? (
        <LoadError message={strings.error} onRetry={() => void document.refetch()} />
      ) : null}
      {!loading && document.status === 'success' && !document.data ? (
        <LoadError message={strings.empty} onRetry={() => void document.refetch()} />
      ) : null}
      {current ? (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box takes focus so a keyboard can scroll it. */}
          <section className={styles.document} aria-labelledby={`${id}-title`} tabIndex={0}>
            <h3 id={`${id}-title`} className={styles.title}>
              {current.title}
            </h3>
            <p className={styles.meta}>
              {format(ka.terms.version, {
                version: current.version,
                date: formatDate(current.published_at),
              })}
            </p>
            <ProviderHtml html={current.content} />
          </section>
          <div className={styles.checkbox}>
            <input
              id={id}
              ref={(element) => {
                field.ref(element);
                box.current = element;
              }}
              type="checkbox"
              name={field.name}
              checked={field.value === true}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
            <label htmlFor={id}>{strings.accept}</label>
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
