import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { FormAlert } from 'shared/forms/form-alert';
import { applyServerError } from 'shared/forms/server-errors';
import { SubmitButton } from 'shared/forms/submit-button';
import type { LoanRequest } from 'shared/stores/loan-request-store';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { LoadError } from 'shared/ui/load-error';
import { ProviderHtml } from 'shared/ui/provider-html';
import { Skeleton } from 'shared/ui/skeleton';
import * as z from 'shared/validation/zod';
import type { Application } from '../api/applications';
import { useCreateApplication } from '../hooks/use-application-writes';
import { kaApplication as t } from '../ka-application';
import styles from './application.module.css';

const acceptanceSchema = z.object({
  accepted: z.boolean().check(z.refine((value) => value, t.contract.mustAccept)),
});
type Acceptance = z.infer<typeof acceptanceSchema>;

/**
 * The loan contract's current terms (contact_type=1, the first item, sanitised) and an
 * unticked box to accept them; the application carries the accepted terms' id. Terms
 * republished while the page was open are loaded again and must be accepted afresh.
 */
export function ContractAcceptance({
  request,
  onSubmitted,
}: {
  request: LoanRequest;
  onSubmitted: (application: Application) => void;
}) {
  const create = useCreateApplication();
  const terms = useQuery(termsOfContractQuery(ContractType.loan));
  const [republished, setRepublished] = useState(false);
  const box = useRef<HTMLInputElement | null>(null);
  const form = useForm<Acceptance>({
    resolver: zodResolver(acceptanceSchema),
    defaultValues: { accepted: false },
  });
  const accepted = form.register('accepted');
  const shownId = terms.data?.id;

  // Once newer terms have replaced the old ones, their box takes the focus.
  useEffect(() => {
    if (republished && shownId !== undefined) box.current?.focus();
  }, [republished, shownId]);

  if (terms.isPending) return <Skeleton height="12rem" />;
  if (terms.isError) {
    return <LoadError message={t.contract.error} onRetry={() => void terms.refetch()} />;
  }
  if (!terms.data) return <Alert tone="error">{t.contract.missing}</Alert>;
  const current = terms.data;

  const submit = form.handleSubmit(async () => {
    try {
      const application = await create.send({ ...request, terms_of_contract: current.id });
      if (application) onSubmitted(application);
    } catch (caught) {
      const error = applyServerError(form, caught, { fields: ['accepted'] });
      if (error.fieldErrors.terms_of_contract) {
        // The provider has newer terms: show them, and ask for a fresh acceptance.
        form.reset({ accepted: false });
        form.setError('root.server', { type: 'server', message: t.contract.republished });
        setRepublished(true);
        await terms.refetch();
      }
    }
  });

  return (
    <form className={styles.contract} onSubmit={submit} noValidate>
      <h3 className={styles.subtitle}>{t.contract.title}</h3>
      <p className={styles.muted}>
        {current.title} · {format(t.contract.version, { version: current.version })}
      </p>
      <section
        className={styles.contractText}
        // Scrollable text must be reachable with the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container needs focus to scroll by keyboard.
        tabIndex={0}
        aria-label={t.contract.title}
      >
        <ProviderHtml html={current.content} />
      </section>
      <FormAlert control={form.control} />
      <label className={styles.accept}>
        <input
          type="checkbox"
          {...accepted}
          ref={(element) => {
            accepted.ref(element);
            box.current = element;
          }}
          aria-invalid={form.formState.errors.accepted ? true : undefined}
          aria-describedby={form.formState.errors.accepted ? 'accept-error' : undefined}
        />
        <span>{t.contract.accept}</span>
      </label>
      {form.formState.errors.accepted ? (
        <p id="accept-error" className={styles.fieldError}>
          {form.formState.errors.accepted.message}
        </p>
      ) : null}
      <SubmitButton
        control={form.control}
        busyLabel={t.contract.submitting}
        className={styles.wide}
      >
        {t.contract.submit}
      </SubmitButton>
    </form>
  );
}
