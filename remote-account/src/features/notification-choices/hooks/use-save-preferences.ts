import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from 'shared/api/api-error';
import { useWrite } from 'shared/query/use-write';
import { type PreferencesChange, preferencesQuery, savePreferences } from '../api/preferences';
import type { KnownKind } from '../lib/known-kinds';

/** Where a change is made and its outcome shown: a kind's channels, or the reminder's days. */
export type Place = KnownKind | 'reminder_days';

export type Outcome =
  | { place: Place; saved: true }
  | { place: Place; saved: false; message: string };

/**
 * A provider's refusal at its control: a `reminder_days` message at the days, anything else
 * (a `kinds` message naming the kind, or a failure naming no field) where the change was made.
 */
function failureAt(place: Place, error: ApiError): Outcome {
  const days = error.fieldErrors.reminder_days?.[0];
  if (days) return { place: 'reminder_days', saved: false, message: days };
  return { place, saved: false, message: error.fieldErrors.kinds?.[0] ?? error.message };
}

/**
 * Saves each change at once, one at a time: what was asked shows until the provider answers,
 * whose answer is then the preferences (a failure puts the control back as the provider has it).
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ place: Place; change: PreferencesChange } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const write = useWrite({
    mutationKey: ['account', 'notification-preferences', 'save'],
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery.queryKey, saved),
  });

  const save = (place: Place, change: PreferencesChange) => {
    // A change made while another is on its way is not taken: its control stays as it was.
    if (write.busy) return;
    const attempt = { place, change };
    setOutcome(null);
    setAsked(attempt);
    write
      .send(change)
      .then(
        (saved) => {
          if (saved) setOutcome({ place, saved: true });
        },
        (error: ApiError) => setOutcome(failureAt(place, error)),
      )
      .finally(() => setAsked((current) => (current === attempt ? null : current)));
  };

  /** A change refused before asking, with the reason. */
  const refuse = (place: Place, message: string) => setOutcome({ place, saved: false, message });

  return { asked, outcome, save, refuse };
}
