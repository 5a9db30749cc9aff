import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/request-json';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

export const REMINDER_DAYS = [1, 3, 5] as const;

/**
 * The customer's choice of channels (contract v1.4). `kind` is any string: a provider may add
 * kinds, and its answer must still be read (the choices show only the kinds this client can
 * name in Georgian: `lib/known-kinds`).
 */
export const preferencesSchema = z.object({
  reminder_days: z.literal(REMINDER_DAYS),
  kinds: z.array(
    z.object({
      kind: z.string(),
      sms: z.boolean(),
      email: z.boolean(),
      required: z.boolean(),
    }),
  ),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export type KindChoice = Preferences['kinds'][number];
export type ReminderDays = Preferences['reminder_days'];

/**
 * A PUT's body: `reminder_days` always, and only the kinds it changes (the provider keeps the
 * others), so a kind this client does not show is never sent.
 */
export interface PreferencesChange {
  reminder_days: ReminderDays;
  kinds: Pick<KindChoice, 'kind' | 'sms' | 'email'>[];
}

/** GET /api/user/notification_preferences/: 404 from a provider without v1.4. */
export function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return requestJson(preferencesSchema, {
    method: 'GET',
    url: '/api/user/notification_preferences/',
    signal,
  });
}

/** PUT /api/user/notification_preferences/: the preferences as saved come back. */
export function savePreferences(change: PreferencesChange): Promise<Preferences> {
  return requestJson(preferencesSchema, {
    method: 'PUT',
    url: '/api/user/notification_preferences/',
    data: change,
  });
}

/** Under `account`: the session's, cleared with it. */
export const preferencesQuery = queryOptions({
  queryKey: [...accountKeys.all, 'notification-preferences'] as const,
  queryFn: ({ signal }) => fetchPreferences(signal),
});
