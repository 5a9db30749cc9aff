import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from 'shared/forms/form-text-field';
import { kaAccount } from '../lib/ka-account';

/**
 * What a password is for decides what password managers do with it (fill the saved one, or
 * offer to save a new one) and whether the rules for a new password are shown under it.
 */
const PURPOSES = {
  current: { autoComplete: 'current-password' },
  new: { autoComplete: 'new-password', hint: kaAccount.newPasswordHint },
  repeat: { autoComplete: 'new-password' },
} as const satisfies Record<string, { autoComplete: string; hint?: string }>;

export type PasswordPurpose = keyof typeof PURPOSES;

/** A password, as every account form asks for it: the one in use, a new one, or its repeat. */
export function PasswordField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  label,
  purpose,
}: {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label: string;
  purpose: PasswordPurpose;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type="password"
      {...PURPOSES[purpose]}
    />
  );
}
