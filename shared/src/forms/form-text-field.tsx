import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { TextField, type TextFieldProps } from 'shared/ui/text-field';

export type FormTextFieldProps<T extends FieldValues, C, O extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  /** Applied to what is typed before the form keeps it (trimming, dropping spaces). */
  normalise?: (value: string) => string;
};

/** A TextField bound to a react-hook-form field: its value, its error and its focus. */
export function FormTextField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  normalise,
  ...input
}: FormTextFieldProps<T, C, O>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <TextField
      {...input}
      ref={field.ref}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) =>
        field.onChange(normalise ? normalise(event.target.value) : event.target.value)
      }
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
