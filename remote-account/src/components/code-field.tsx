import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from 'shared/forms/form-text-field';
import { kaAccount } from '../lib/ka-account';

/** A 6-digit one-time code from an SMS or e-mail, as every account form asks for it. */
export function CodeField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  label = kaAccount.code,
}: {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label?: string;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      hint={kaAccount.codeHint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      // Codes are often copied with a space in the middle ("123 456").
      normalise={(value) => value.replace(/\s/g, '')}
    />
  );
}
