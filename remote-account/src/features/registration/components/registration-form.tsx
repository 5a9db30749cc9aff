import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { applyServerError } from 'shared/forms/server-errors';
import { SubmitButton } from 'shared/forms/submit-button';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { PersonalNumberField } from '../../../components/personal-number-field';
import { kaAccount } from '../../../lib/ka-account';
import { useRegister } from '../hooks/use-register';
import { kaRegistration } from '../ka-registration';
import { latestAdultBirthDate, todayInGeorgia } from '../lib/birth-date';
import {
  emptyRegistration,
  REGISTRATION_FIELDS,
  registrationSchema,
} from '../lib/registration-schema';
import styles from './registration.module.css';
import { RegistrationDone } from './registration-done';
import { RegistrationTerms } from './registration-terms';

const termsQuery = termsOfContractQuery(ContractType.registration);

/**
 * Registration: the contract's fields, checked here by the contract's rules (18+ counted in
 * Georgia), and the current registration terms to accept. The customer stays logged out and
 * is offered the login form with the personal number filled in.
 */
export function RegistrationForm({
  onLogin,
}: {
  /** Opens the login form for the personal number just registered. */
  onLogin: (personalNumber: string) => void;
}) {
  const [registered, setRegistered] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const blockedId = useId();
  const queryClient = useQueryClient();
  const registerCustomer = useRegister();
  const terms = useQuery(termsQuery);
  const showTermsPending = useDelayedFlag(terms.isPending);
  const acceptable = terms.data ?? null;
  const today = todayInGeorgia();
  const resolver = useMemo(() => zodResolver(registrationSchema(today)), [today]);
  const form = useForm({ resolver, defaultValues: emptyRegistration });

  // Set when outdated terms are the first error: their box takes focus once the current terms
  // have loaded (the reload replaces the box the error focused).
  const focusNewTerms = useRef(false);
  useEffect(() => {
    if (!acceptable || !focusNewTerms.current) return;
    focusNewTerms.current = false;
    formRef.current?.querySelector<HTMLElement>('[name="terms_of_contract"]')?.focus();
  }, [acceptable]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!acceptable) return;
    const registration = { ...values, terms_of_contract: acceptable.id };
    try {
      if (!(await registerCustomer.send(registration))) return;
    } catch (error) {
      const apiError = applyServerError(form, error, { fields: REGISTRATION_FIELDS });
      if (apiError.fieldErrors.terms_of_contract?.length) {
        // The terms changed while the form was open: show the current ones, to be read and
        // accepted afresh, rather than sending the outdated id again.
        form.setValue('terms_of_contract', false);
        focusNewTerms.current =
          REGISTRATION_FIELDS.find((name) => apiError.fieldErrors[name]?.length) ===
          'terms_of_contract';
        void queryClient.resetQueries({ queryKey: termsQuery.queryKey });
      }
      return;
    }
    setRegistered(registration.personal_number);
  });

  if (registered) {
    return <RegistrationDone onLogin={() => onLogin(registered)} />;
  }

  const { control } = form;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{kaRegistration.allRequired}</p>
      <FormAlert control={control} />
      <PersonalNumberField control={control} name="personal_number" />
      <div className={styles.row}>
        <FormTextField
          control={control}
          name="first_name"
          label={kaRegistration.firstName}
          autoComplete="given-name"
        />
        <FormTextField
          control={control}
          name="last_name"
          label={kaRegistration.lastName}
          autoComplete="family-name"
        />
      </div>
      <FormTextField
        control={control}
        name="birth_date"
        label={kaRegistration.birthDate}
        hint={kaRegistration.birthDateHint}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={latestAdultBirthDate(today)}
      />
      <FormTextField
        control={control}
        name="phone_number"
        label={kaRegistration.phone}
        hint={kaRegistration.phoneHint}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
      />
      <FormTextField
        control={control}
        name="email"
        label={kaRegistration.email}
        type="email"
        autoComplete="email"
      />
      <FormTextField
        control={control}
        name="password"
        label={kaAccount.password}
        hint={kaAccount.newPasswordHint}
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name="password_confirm"
        label={kaRegistration.passwordConfirm}
        type="password"
        autoComplete="new-password"
      />
      <RegistrationTerms terms={terms} showPending={showTermsPending} control={control} />
      {acceptable ? null : (
        <p id={blockedId} className={styles.blocked}>
          {kaRegistration.termsBlocked}
        </p>
      )}
      <SubmitButton
        control={control}
        busyLabel={kaRegistration.submitting}
        disabled={!acceptable}
        aria-describedby={acceptable ? undefined : blockedId}
      >
        {kaRegistration.submit}
      </SubmitButton>
    </form>
  );
}
