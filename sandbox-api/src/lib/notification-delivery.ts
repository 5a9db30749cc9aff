import type { FastifyInstance } from 'fastify';
import { DEFAULT_CLIENT_ORIGINS } from '../config';
import type { Queryable } from '../db/database';
import { tbilisiMinutes } from './calculator';
import { queueMessage } from './codes';
import { channelsOf } from './notification-preferences';
import { messageOf, type NotificationKind, type Words } from './notification-words';

/**
 * Sending a notification (contract v1.4): by the channels the customer has chosen for its kind,
 * to their verified phone and e-mail only, into the sandbox's outbox. No SMS in Tbilisi's quiet
 * hours: one written then is held, and the first run at or after 09:00 sends it by the contacts
 * and choices of that moment. E-mail goes at once.
 */

const QUIET_FROM = 21 * 60;
const QUIET_UNTIL = 9 * 60;

export const inQuietHours = (at: Date): boolean => {
  const minutes = tbilisiMinutes(at);
  return minutes >= QUIET_FROM || minutes < QUIET_UNTIL;
};

export interface Deliverable extends Words {
  id: number;
  userId: number;
  kind: NotificationKind;
}

/** The client's site a message links to: the first of the origins the sandbox serves. */
const siteOf = (app: FastifyInstance): string =>
  app.config.clientOrigins[0] ?? DEFAULT_CLIENT_ORIGINS[0] ?? '';

type Contacts = {
  phone_number: string;
  phone_verified: boolean;
  email: string;
  email_verified: boolean;
};

async function contactsOf(q: Queryable, userId: number): Promise<Contacts | undefined> {
  const [row] = await q.query<Contacts>(
    'SELECT phone_number, phone_verified, email, email_verified FROM users WHERE id = $1',
    [userId],
  );
  return row;
}

async function send(
  app: FastifyInstance,
  tx: Queryable,
  notification: Deliverable,
  channel: 'sms' | 'email',
  at: Date,
): Promise<void> {
  const contacts = await contactsOf(tx, notification.userId);
  const chosen = await channelsOf(tx, notification.userId, notification.kind);
  if (!contacts || !chosen[channel]) return;
  const verified = channel === 'sms' ? contacts.phone_verified : contacts.email_verified;
  if (!verified) return;
  await queueMessage(
    tx,
    {
      channel,
      purpose: 'notification',
      recipient: channel === 'sms' ? contacts.phone_number : contacts.email,
      body: messageOf(siteOf(app), notification.kind, notification),
    },
    at,
  );
}

/** Sends a notification just written at `at`, in its transaction: e-mail now, SMS now or held. */
export async function deliver(
  app: FastifyInstance,
  tx: Queryable,
  notification: Deliverable,
  at: Date,
): Promise<void> {
  await send(app, tx, notification, 'email', at);
  if (inQuietHours(at)) {
    await tx.query('UPDATE notifications SET sms_held = true WHERE id = $1', [notification.id]);
  } else {
    await send(app, tx, notification, 'sms', at);
  }
}

/**
 * Sends the SMS held by quiet hours, written by `at`, when `at` is outside them. Each is claimed
 * by clearing its flag in the same transaction that sends it, so two runs never send one twice.
 * Returns how many were released (sent, or dropped by the choices and contacts of now).
 */
export async function releaseHeldSms(app: FastifyInstance, at: Date): Promise<number> {
  if (inQuietHours(at)) return 0;
  return app.db.transaction(async (tx) => {
    const held = await tx.query<{
      id: number;
      user_id: number;
      kind: NotificationKind;
      title: string;
      body: string;
    }>(
      `UPDATE notifications SET sms_held = false
        WHERE sms_held AND created_at <= $1
        RETURNING id, user_id, kind, title, body`,
      [at.toISOString()],
    );
    held.sort((a, b) => a.id - b.id);
    for (const row of held) await send(app, tx, { ...row, userId: row.user_id }, 'sms', at);
    return held.length;
  });
}
