import type { Queryable } from '../db/database';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-words';

/**
 * The customer's choice of channels (contract v1.4). Nothing is stored until they change
 * something: a kind without a row has SMS and e-mail on, a customer without a row is reminded
 * 3 days ahead.
 */

export const REMINDER_DAYS = [1, 3, 5] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];
export const DEFAULT_REMINDER_DAYS: ReminderDays = 3;

/** A lender must tell a borrower that a payment failed or fell overdue: one channel stays on. */
export const REQUIRED_KINDS: ReadonlySet<NotificationKind> = new Set([
  'overdue',
  'payment_declined',
]);

export type Channels = {
  sms: boolean;
  email: boolean;
};

export type KindChoice = Channels & { kind: NotificationKind };

/** The contract's Preferences. */
export interface PreferencesView {
  reminder_days: ReminderDays;
  kinds: (KindChoice & { required: boolean })[];
}

const BOTH_ON: Channels = { sms: true, email: true };

export async function reminderDaysOf(q: Queryable, userId: number): Promise<ReminderDays> {
  const [row] = await q.query<{ reminder_days: ReminderDays }>(
    'SELECT reminder_days FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  return row?.reminder_days ?? DEFAULT_REMINDER_DAYS;
}

/** The channels the customer has chosen for `kind` now. */
export async function channelsOf(
  q: Queryable,
  userId: number,
  kind: NotificationKind,
): Promise<Channels> {
  const [row] = await q.query<Channels>(
    'SELECT sms, email FROM notification_channels WHERE user_id = $1 AND kind = $2',
    [userId, kind],
  );
  return row ?? BOTH_ON;
}

export async function preferencesOf(q: Queryable, userId: number): Promise<PreferencesView> {
  const rows = await q.query<KindChoice>(
    'SELECT kind, sms, email FROM notification_channels WHERE user_id = $1',
    [userId],
  );
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return {
    reminder_days: await reminderDaysOf(q, userId),
    kinds: NOTIFICATION_KINDS.map((kind) => {
      const { sms, email } = chosen.get(kind) ?? BOTH_ON;
      return { kind, sms, email, required: REQUIRED_KINDS.has(kind) };
    }),
  };
}

/** Stores `reminder_days` and the channels of the kinds listed; the others stay as they were. */
export async function savePreferences(
  tx: Queryable,
  userId: number,
  reminderDays: ReminderDays,
  kinds: readonly KindChoice[],
): Promise<void> {
  await tx.query(
    `INSERT INTO notification_preferences (user_id, reminder_days) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET reminder_days = EXCLUDED.reminder_days`,
    [userId, reminderDays],
  );
  for (const { kind, sms, email } of kinds) {
    await tx.query(
      `INSERT INTO notification_channels (user_id, kind, sms, email) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind) DO UPDATE SET sms = EXCLUDED.sms, email = EXCLUDED.email`,
      [userId, kind, sms, email],
    );
  }
}
