import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { type UseFormSetValue, useForm } from 'react-hook-form';
import { ContractType, termsOfContractQuery } from 'shared/api/cms/terms-of-contract';
import { Acceptance, type AcceptanceStrings } from 'shared/forms/acceptance';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { useRepublishedDocument } from 'shared/forms/use-republished-document';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import parts from 'shared/styles/form-parts.module.css';
import type { TextFieldProps } from 'shared/ui/text-field';
import { PasswordField } from '../../../components/password-field';
import { PersonalNumberField } from '../../../components/personal-number-field';
import { kaAccount } from '../../../lib/ka-account';
import { useRegister } from '../hooks/use-register';
import { kaRegistration } from '../ka-registration';
import { latestAdultBirthDate, todayInGeorgia } from '../lib/birth-date';
import {
  EARLIEST_BIRTH_YEAR,
  emptyRegistration,
  REGISTRATION_FIELDS,
  type RegistrationValues,
  registrationSchema,
} from '../lib/registration-schema';
import styles from './registration.module.css';
import { RegistrationDone } from './registration-done';

const termsQuery = termsOfContractQuery(ContractType.registration);
const noticeQuery = termsOfContractQuery(ContractType.personalData);

const termsStrings: AcceptanceStrings = {
  legend: ka.terms.registration,
  accept: kaRegistration.termsAccept,
  loading: kaRegistration.termsLoading,
  error: ka.terms.error,
  empty: ka.terms.empty,
  republished: kaRegistration.termsRepublished,
};

const noticeStrings: AcceptanceStrings = {
  legend: kaRegistration.personalData,
  accept: kaRegistration.personalDataAccept,
  loading: kaRegistration.personalDataLoading,
  error: kaRegistration.personalDataError,
  empty: kaRegistration.personalDataEmpty,
  republished: kaRegistration.personalDataRepublished,
};

/** A text field of the registration: its name and what its input says about it. */
type TextFieldDescription = Pick<
  TextFieldProps,
  'label' | 'hint' | 'type' | 'inputMode' | 'autoComplete' | 'min' | 'max'
> & { name: keyof RegistrationValues };

/** The name and surname, side by side. */
const NAME_FIELDS: readonly TextFieldDescription[] = [
  { name: 'first_name', label: kaRegistration.firstName, autoComplete: 'given-name' },
  { name: 'last_name', label: kaRegistration.lastName, autoComplete: 'family-name' },
];

/** The birth date, the phone and the e-mail; the birth date's range moves with Georgia's today. */
function detailFields(today: string): readonly TextFieldDescription[] {
  return [
    {
      name: 'birth_date',
      label: kaRegistration.birthDate,
      hint: kaRegistration.birthDateHint,
      type: 'date',
      autoComplete: 'bday',
      min: `${EARLIEST_BIRTH_YEAR}-01-01`,
      max: latestAdultBirthDate(today),
    },
    {
      name: 'phone_number',
      label: kaRegistration.phone,
      hint: kaRegistration.phoneHint,
      type: 'tel',
      inputMode: 'numeric',
      autoComplete: 'tel-national',
    },
    { name: 'email', label: kaRegistration.email, type: 'email', autoComplete: 'email' },
  ];
}

/**
 * A document the customer accepts: what its Acceptance shows (the document, its recovery from
 * a republish) and the version that may be accepted now.
 */
function useDocumentToAccept(
  query: typeof termsQuery,
  name: 'terms_of_contract' | 'personal_data_consent',
  strings: AcceptanceStrings,
  setValue: UseFormSetValue<RegistrationValues>,
) {
  const document = useQuery(query);
  const showPending = useDelayedFlag(document.isPending);
  const recovery = useRepublishedDocument({
    document,
    setValue,
    name,
    fields: REGISTRATION_FIELDS,
  });
  // Only a current version can be accepted: not one a republish is replacing.
  const acceptable = recovery.reloading ? null : document.data;
  return { acceptance: { document, showPending, name, strings, recovery }, acceptable };
}

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
  const today = todayInGeorgia();
  const resolver = useMemo(() => zodResolver(registrationSchema(today)), [today]);
  const form = useForm({ resolver, defaultValues: emptyRegistration });
  const terms = useDocumentToAccept(termsQuery, 'terms_of_contract', termsStrings, form.setValue);
  const notice = useDocumentToAccept(
    noticeQuery,
    'personal_data_consent',
    noticeStrings,
    form.setValue,
  );
  const blocked = !terms.acceptable
    ? kaRegistration.termsBlocked
    : !notice.acceptable
      ? kaRegistration.personalDataBlocked
      : null;

  const onSubmit = handleSubmitWrite(form, {
    send: async (values) => {
      if (!terms.acceptable || !notice.acceptable) return undefined;
      return registerCustomer.send({
        ...values,
        terms_of_contract: terms.acceptable.id,
        personal_data_consent: notice.acceptable.id,
      });
    },
    onSent: (_registered, values) => setRegistered(values.personal_number),
    fields: REGISTRATION_FIELDS,
    // A document republished while the form was open: its current version is shown, to be
    // read and accepted afresh, rather than sending the outdated id again.
    onFailed: (error) => {
      terms.acceptance.recovery.recover(error);
      notice.acceptance.recovery.recover(error);
    },
  });

  if (registered) {
    return <RegistrationDone onLogin={() => onLogin(registered)} />;
  }

  const { control } = form;
  const textField = ({ name, ...input }: TextFieldDescription) => (
    <FormTextField key={name} control={control} name={name} {...input} />
  );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{kaRegistration.allRequired}</p>
      <FormAlert control={control} />
      <PersonalNumberField control={control} name="personal_number" />
      <div className={styles.row}>{NAME_FIELDS.map(textField)}</div>
      {detailFields(today).map(textField)}
      <PasswordField control={control} name="password" label={kaAccount.password} purpose="new" />
      <PasswordField
        control={control}
        name="password_confirm"
        label={kaRegistration.passwordConfirm}
        purpose="repeat"
      />
      <Acceptance control={control} {...terms.acceptance} />
      <Acceptance control={control} {...notice.acceptance} />
      {/* Marketing (v1.2): its own fieldset, apart from the two required acceptances. */}
      <fieldset className={parts.choiceGroup}>
        <legend className={parts.choiceLegend}>{kaRegistration.marketing}</legend>
        <div className={parts.optionTop}>
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
