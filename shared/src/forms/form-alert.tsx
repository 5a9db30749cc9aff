import { useEffect, useRef } from 'react';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { Alert } from 'shared/ui/alert';

/**
 * The form-level error of a form (its `root.server`, set by applyServerError): one line per
 * message. When no field has an error it takes focus, so the customer hears why the submit
 * failed; otherwise the first field in error has it.
 */
export function FormAlert<T extends FieldValues, C, O extends FieldValues>({
  control,
}: {
  control: Control<T, C, O>;
}) {
  const { errors } = useFormState({ control });
  const server = errors.root?.server;
  const onlyFormLevel = Object.keys(errors).every((name) => name === 'root');
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef<unknown>(null);

  // Each failed submit sets a new error object: each one is announced once.
  useEffect(() => {
    if (!server || focused.current === server) return;
    focused.current = server;
    if (onlyFormLevel) box.current?.focus();
  }, [server, onlyFormLevel]);

  const lines = server?.message ? server.message.split('\n') : [];
  if (lines.length === 0) return null;
  return (
    <div ref={box} tabIndex={-1}>
      <Alert tone="error">
        {lines.length === 1 ? (
          lines[0]
        ) : (
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </Alert>
    </div>
  );
}
