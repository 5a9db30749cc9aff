import { ka } from 'shared/strings/ka';
import { TextField } from 'shared/ui/text-field';

/** The Georgian personal number (the account's username), as every account form asks for it. */
export function PersonalNumberField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={ka.account.personalNumber}
      hint={ka.account.personalNumberHint}
      name="username"
      inputMode="numeric"
      autoComplete="username"
      maxLength={11}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.trim())}
    />
  );
}
