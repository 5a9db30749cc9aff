import type { Control, FieldValues } from 'react-hook-form';
import type { FormTextFieldProps } from 'shared/forms/form-text-field';
import { SubmitButton } from 'shared/forms/submit-button';
import { kaAccount } from '../lib/ka-account';
import { PasswordField } from './password-field';

/*
 * What every form that sets a new password (the profile's change, recovery's reset) asks and
 * says, written once: the new password under one label, with its rules, and one submit.
 */

/** The new password, with the rules it must meet shown under it. */
export function NewPasswordField<T extends FieldValues, C, O extends FieldValues>(
  field: Pick<FormTextFieldProps<T, C, O>, 'control' | 'name'>,
) {
  return <PasswordField {...field} label={kaAccount.newPassword} purpose="new" />;
}

/** The submit that sets it. */
export function SetPasswordButton<T extends FieldValues, C, O extends FieldValues>({
  control,
}: {
  control: Control<T, C, O>;
}) {
  return (
    <SubmitButton control={control} busyLabel={kaAccount.settingPassword}>
      {kaAccount.setPassword}
    </SubmitButton>
  );
}
