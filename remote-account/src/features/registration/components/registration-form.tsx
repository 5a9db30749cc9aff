import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { Acceptance } from 'shared/forms/acceptance';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { applyServerError } from 'shared/forms/server-errors';
import { SubmitButton } from 'shared/forms/submit-button';
import { useRepublishedDocument } from 'shared/forms/use-republished-document';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
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

const termsQuery = termsOfContractQuery(ContractType.registration);
const noticeQuery = termsOfContractQuery(ContractType.personalData);

const termsStrings = {
  legend: ka.terms.registration,
  accept: kaRegistration.termsAccept,
  loading: kaRegistration.termsLoading,
  error: ka.terms.error,
  empty: ka.terms.empty,
  republished: kaRegistration.termsRepublished,
};

const noticeStrings = {
  legend: kaRegistration.personalData,
  accept: kaRegistration.personalDataAccept,
  loading: kaRegistration.personalDataLoading,
  error: kaRegistration.personalDataError,
  empty: kaRegistration.personalDataEmpty,
  republished: kaRegistration.personalDataRepublished,
};

/**
 * Registration: the contract's fields, checked here by the contract's rules (18+ counted in
 * Georgia), the current registration terms to accept and, apart from them, the current
 * personal-data notice to consent to (v1.1). The customer stays logged out and
 * is offered the login form with the personal number filled in.
 */
export function RegistrationForm({
  onLogin,
}: {
  /** Opens the login form for the personal number just registered. */
  onLogin: (personalNumber: string) => void;
}) {
  const [registered, setRegistered] = useState<string | null>(null);
  const blockedId = useId();
  const marketingId = useId();
  const registerCustomer = useRegister();
  const terms = useQuery(termsQuery);
  const notice = useQuery(noticeQuery);
  const showTermsPending = useDelayedFlag(terms.isPending);
  const showNoticePending = useDelayedFlag(notice.isPending);
  const today = todayInGeorgia();
  const resolver = useMemo(() => zodResolver(registrationSchema(today)), [today]);
  const form = useForm({ resolver, defaultValues: emptyRegistration });
  const termsRecovery = useRepublishedDocument({
    document: terms,
    setValue: form.setValue,
    name: 'terms_of_contract',
    fields: REGISTRATION_FIELDS,
  });
  const noticeRecovery = useRepublishedDocument({
    document: notice,
    setValue: form.setValue,
    name: 'personal_data_consent',
    fields: REGISTRATION_FIELDS,
  });
  // Only a current version can be accepted: not one a republish is replacing.
  const acceptableTerms = termsRecovery.reloading ? null : terms.data;
  const acceptableNotice = noticeRecovery.reloading ? null : notice.data;
  const blocked = !acceptableTerms
    ? kaRegistration.termsBlocked
    : !acceptableNotice
      ? kaRegistration.personalDataBlocked
      : null;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!acceptableTerms || !acceptableNotice) return;
    const registration = {
      ...values,
      terms_of_contract: acceptableTerms.id,
      personal_data_consent: acceptableNotice.id,
    };
    try {
      if (!(await registerCustomer.send(registration))) return;
    } catch (error) {
      const apiError = applyServerError(form, error, { fields: REGISTRATION_FIELDS });
      // A document republished while the form was open: its current version is shown, to be
      // read and accepted afresh, rather than sending the outdated id again.
      termsRecovery.recover(apiError);
      noticeRecovery.recover(apiError);
      return;
    }
    setRegistered(registration.personal_number);
  });

  if (registered) {
    return <RegistrationDone onLogin={() => onLogin(registered)} />;
  }

  const { control } = form;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
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
      <Acceptance
        document={terms}
        showPending={showTermsPending}
        control={control}
        name="terms_of_contract"
        strings={termsStrings}
        recovery={termsRecovery}
      />
      <Acceptance
        document={notice}
        showPending={showNoticePending}
        control={control}
        name="personal_data_consent"
        strings={noticeStrings}
        recovery={noticeRecovery}
      />
      <fieldset className={styles.optional}>
        <legend className={styles.optionalLegend}>{kaRegistration.marketing}</legend>
        <div className={styles.checkbox}>
          <input id={marketingId} type="checkbox" {...form.register('marketing_consent')} />
          <label htmlFor={marketingId}>{kaRegistration.marketingAccept}</label>
        </div>
      </fieldset>
      {blocked ? (
        <p id={blockedId} className={styles.blocked}>
          {blocked}
        </p>
      ) : null}
      <SubmitButton
        control={control}
        busyLabel={kaRegistration.submitting}
        disabled={blocked !== null}
        aria-describedby={blocked ? blockedId : undefined}
      >
        {kaRegistration.submit}
      </SubmitButton>
    </form>
  );
}
