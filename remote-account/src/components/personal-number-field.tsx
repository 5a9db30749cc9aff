import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from 'shared/forms/form-text-field';
import { kaAccount } from '../lib/ka-account';

/** The Georgian personal number (the account's username), as every account form asks for it. */
export function PersonalNumberField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
}: {
  control: Control<T, C, O>;
  name: FieldPath<T>;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={kaAccount.personalNumber}
      hint={kaAccount.personalNumberHint}
      inputMode="numeric"
      autoComplete="username"
      maxLength={11}
      normalise={(value) => value.trim()}
    />
  );
}
