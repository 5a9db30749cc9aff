import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { Button, type ButtonProps } from 'shared/ui/button';

/**
 * A form's submit button: disabled while the submit runs, and saying so (`busyLabel`) only
 * once it has run longer than the 200 ms pending delay.
 */
export function SubmitButton<T extends FieldValues, C, O extends FieldValues>({
  control,
  busyLabel,
  disabled,
  children,
  ...button
}: Omit<ButtonProps, 'type'> & { control: Control<T, C, O>; busyLabel: string }) {
  const { isSubmitting } = useFormState({ control });
  const showBusy = useDelayedFlag(isSubmitting);
  return (
    <Button type="submit" disabled={isSubmitting || disabled} {...button}>
      {showBusy ? busyLabel : children}
    </Button>
  );
}
