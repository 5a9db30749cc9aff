import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { User, UserUpdate } from 'shared/api/user/user-details';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { Button } from 'shared/ui/button';
import * as z from 'shared/validation/zod';
import { emailSchema, nameSchema } from '../../../lib/validation';
import { useUpdateProfile } from '../hooks/use-profile-writes';
import { kaProfile } from '../ka-profile';
import styles from './profile-form.module.css';

const updateSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
});
const FIELDS = ['first_name', 'last_name', 'email'] as const;

/** How a save ended, for the view to announce. */
export type SaveOutcome = 'saved' | 'saved-email-changed' | 'unchanged';

/**
 * Edits the customer's name and e-mail. Only the fields that changed are sent, so an
 * untouched e-mail is never re-submitted (and never loses its verification).
 */
export function ProfileEditForm({
  user,
  onDone,
  onCancel,
}: {
  user: User;
  onDone: (outcome: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile(user.id);
  const form = useForm({
    resolver: zodResolver(updateSchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name, email: user.email },
  });

  // The form replaces the view: the cursor goes where typing starts.
  useEffect(() => {
    const first = formRef.current?.elements.namedItem('first_name');
    if (first instanceof HTMLInputElement) first.focus();
  }, []);

  const onSubmit = handleSubmitWrite(form, {
    send: async (values): Promise<SaveOutcome | undefined> => {
      const patch: UserUpdate = {};
      for (const field of FIELDS) {
        if (values[field] !== user[field]) patch[field] = values[field];
      }
      if (Object.keys(patch).length === 0) return 'unchanged';
      const answered = await update.send(patch);
      if (!answered) return undefined;
      // The provider answers a changed address unverified; the customer must confirm it again.
      return patch.email !== undefined && !answered.email_verified
        ? 'saved-email-changed'
        : 'saved';
    },
    onSent: onDone,
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={styles.title}>
        {kaProfile.editTitle}
      </h3>
      <FormAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="first_name"
        label={kaProfile.firstName}
        autoComplete="given-name"
      />
      <FormTextField
        control={form.control}
        name="last_name"
        label={kaProfile.lastName}
        autoComplete="family-name"
      />
      <FormTextField
        control={form.control}
        name="email"
        label={kaProfile.email}
        type="email"
        inputMode="email"
        autoComplete="email"
      />
      <div className={styles.actions}>
        <SubmitButton control={form.control} busyLabel={kaProfile.saving}>
          {kaProfile.save}
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          {kaProfile.cancel}
        </Button>
      </div>
    </form>
  );
}
