import { ka } from 'shared/strings/ka';
import { TextField } from 'shared/ui/text-field';

/** A 6-digit one-time code from an SMS or e-mail, as every account form asks for it. */
export function CodeField({
  label = ka.account.code,
  value,
  error,
  onChange,
}: {
  label?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={ka.account.codeHint}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.replace(/\s/g, ''))}
    />
  );
}
