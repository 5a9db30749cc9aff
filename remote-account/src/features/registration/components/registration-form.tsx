import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { ContractType, fetchTermsOfContract } from 'shared/api/cms/terms-of-contract';
import { useApiQuery } from 'shared/lib/use-api-query';
import { ka } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { TextField } from 'shared/ui/text-field';
import { useSubmit } from '../../../hooks/use-submit';
import { formErrorMessage, serverFieldErrors } from '../../../lib/form-errors';
import { firstIssues } from '../../../lib/validation';
import { register } from '../api/register';
import { kaRegistration } from '../ka-registration';
import { latestAdultBirthDate, todayInGeorgia } from '../lib/birth-date';
import {
  emptyRegistration,
  REGISTRATION_FIELDS,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
  registrationSchema,
} from '../lib/registration-schema';
import styles from './registration.module.css';
import { RegistrationDone } from './registration-done';
import { RegistrationTerms } from './registration-terms';

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
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [fieldErrors, setFieldErrors] = useState<RegistrationErrors>({});
  const [registered, setRegistered] = useState<string | null>(null);
  // Bumped after each failed submit: the first field with an error then takes focus.
  const [failedSubmits, setFailedSubmits] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const blockedId = useId();
  const submit = useSubmit();
  const terms = useApiQuery(
    (signal) => fetchTermsOfContract(ContractType.registration, signal),
    [],
  );
  const acceptable = terms.status === 'success' && terms.data ? terms.data : null;
  const today = todayInGeorgia();

  // Set when outdated terms are the first error: their box takes focus once the current terms
  // have loaded (the reload replaces the box the error effect focused).
  const focusNewTerms = useRef(false);
  useEffect(() => {
    if (!acceptable || !focusNewTerms.current) return;
    focusNewTerms.current = false;
    form.current?.querySelector<HTMLElement>('[name="terms_of_contract"]')?.focus();
  }, [acceptable]);

  useEffect(() => {
    if (failedSubmits === 0) return;
    const first = REGISTRATION_FIELDS.find((name) => fieldErrors[name]);
    const input = first ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    input?.focus();
  }, [failedSubmits, fieldErrors]);

  const set =
    <K extends keyof RegistrationValues>(name: K) =>
    (value: RegistrationValues[K]) =>
      setValues((current) => ({ ...current, [name]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!acceptable) return;
    const parsed = registrationSchema(today).safeParse(values);
    if (!parsed.success) {
      submit.reset();
      setFieldErrors(firstIssues<RegistrationField>(parsed.error));
      setFailedSubmits((count) => count + 1);
      return;
    }
    setFieldErrors({});
    const registration = { ...parsed.data, terms_of_contract: acceptable.id };
    void submit.run(async () => {
      try {
        await register(registration);
      } catch (error) {
        const apiError = toApiError(error);
        const errors = serverFieldErrors(apiError, REGISTRATION_FIELDS);
        setFieldErrors(errors);
        if (errors.terms_of_contract) {
          // The terms changed while the form was open: show the current ones, to be read and
          // accepted afresh, rather than sending the outdated id again.
          set('terms_of_contract')(false);
          focusNewTerms.current =
            REGISTRATION_FIELDS.find((name) => errors[name]) === 'terms_of_contract';
          terms.retry();
        }
        setFailedSubmits((count) => count + 1);
        throw apiError;
      }
      setRegistered(registration.personal_number);
    });
  };

  if (registered) {
    return <RegistrationDone onLogin={() => onLogin(registered)} />;
  }

  const formError = formErrorMessage(submit.error, REGISTRATION_FIELDS);
  const text = (name: Exclude<RegistrationField, 'terms_of_contract'>) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  return (
    <form ref={form} className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{kaRegistration.allRequired}</p>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={ka.account.personalNumber}
        hint={ka.account.personalNumberHint}
        inputMode="numeric"
        autoComplete="username"
        maxLength={11}
        {...text('personal_number')}
        onChange={(event) => set('personal_number')(event.target.value.trim())}
      />
      <div className={styles.row}>
        <TextField
          label={kaRegistration.firstName}
          autoComplete="given-name"
          {...text('first_name')}
        />
        <TextField
          label={kaRegistration.lastName}
          autoComplete="family-name"
          {...text('last_name')}
        />
      </div>
      <TextField
        label={kaRegistration.birthDate}
        hint={kaRegistration.birthDateHint}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={latestAdultBirthDate(today)}
        {...text('birth_date')}
      />
      <TextField
        label={kaRegistration.phone}
        hint={kaRegistration.phoneHint}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        {...text('phone_number')}
      />
      <TextField
        label={kaRegistration.email}
        type="email"
        autoComplete="email"
        {...text('email')}
      />
      <TextField
        label={ka.account.password}
        hint={ka.account.newPasswordHint}
        type="password"
        autoComplete="new-password"
        {...text('password')}
      />
      <TextField
        label={kaRegistration.passwordConfirm}
        type="password"
        autoComplete="new-password"
        {...text('password_confirm')}
      />
      <RegistrationTerms
        terms={terms}
        accepted={values.terms_of_contract}
        error={fieldErrors.terms_of_contract}
        onAcceptedChange={set('terms_of_contract')}
      />
      {acceptable ? null : (
        <p id={blockedId} className={styles.blocked}>
          {kaRegistration.termsBlocked}
        </p>
      )}
      <Button
        type="submit"
        disabled={submit.pending || !acceptable}
        aria-describedby={acceptable ? undefined : blockedId}
      >
        {submit.showPending ? kaRegistration.submitting : kaRegistration.submit}
      </Button>
    </form>
  );
}
