import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { Acceptance } from 'shared/forms/acceptance';
import { FormAlert } from 'shared/forms/form-alert';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { useRepublishedDocument } from 'shared/forms/use-republished-document';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import type { LoanRequest } from 'shared/stores/loan-request-store';
import * as z from 'shared/validation/zod';
import type { Application } from '../api/applications';
import { useCreateApplication } from '../hooks/use-application-writes';
import { kaApplication as t } from '../ka-application';
import styles from './application.module.css';

/** The box is named as the provider's field, so the provider's message for it shows there. */
const acceptanceSchema = z.object({
  terms_of_contract: z.boolean().check(z.refine((value) => value, t.contract.mustAccept)),
});
type ContractValues = z.infer<typeof acceptanceSchema>;

const contractStrings = {
  legend: t.contract.title,
  accept: t.contract.accept,
  loading: t.contract.loading,
  error: t.contract.error,
  empty: t.contract.missing,
  republished: t.contract.republished,
};

/**
 * The loan contract's current terms (contact_type=1, the first item, sanitised) and an
 * unticked box to accept them (shared/forms/acceptance); the application carries the accepted
 * terms' id. Terms republished while the page was open are loaded again and must be accepted
 * afresh.
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
  const showPending = useDelayedFlag(terms.isPending);
  const form = useForm<ContractValues>({
    resolver: zodResolver(acceptanceSchema),
    defaultValues: { terms_of_contract: false },
  });
  const recovery = useRepublishedDocument({
    document: terms,
    setValue: form.setValue,
    name: 'terms_of_contract',
  });
  const current = recovery.reloading ? null : (terms.data ?? null);

  const submit = handleSubmitWrite(form, {
    send: async () =>
      current ? create.send({ ...request, terms_of_contract: current.id }) : undefined,
    onSent: onSubmitted,
    fields: ['terms_of_contract'],
    // The provider has newer terms: they are shown, to be accepted afresh.
    onFailed: (error) => recovery.recover(error),
  });

  return (
    <form className={styles.contract} onSubmit={submit} noValidate>
      <FormAlert control={form.control} />
      <Acceptance
        document={terms}
        showPending={showPending}
        control={form.control}
        name="terms_of_contract"
        strings={contractStrings}
        recovery={recovery}
      />
      <SubmitButton
        control={form.control}
        busyLabel={t.contract.submitting}
        className={styles.wide}
        disabled={!current}
      >
        {t.contract.submit}
      </SubmitButton>
    </form>
  );
}
