import { expect, type Locator, type Page } from '@playwright/test';
import { kaHost } from 'host/words/ka-host';
import { kaNotifications } from 'remote-account/words/ka-notifications';
import { format } from 'shared/strings/ka';
import { latestCode, type NewCustomer, PASSWORD } from './account-utils';
import { sandboxHelper } from './payment-utils';
import { SANDBOX_URL } from './urls';

/** The header's notifications button (contract v1.4), whatever its unread number. */
export const bell = (page: Page): Locator =>
  page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${kaHost.notifications.label}`) });

/** The button's name for this many unread: the words a screen reader reads. */
export const bellName = (unread: number): string =>
  unread === 0
    ? kaHost.notifications.label
    : format(kaHost.notifications.unread, { count: unread });

/** Opens the feed from the header's button; answers its panel. */
export async function openFeed(page: Page): Promise<Locator> {
  await bell(page).click();
  const feed = page.getByRole('dialog', { name: kaNotifications.title });
  await expect(feed.getByRole('article').first()).toBeVisible();
  return feed;
}

/** A date `days` before a calendar date (YYYY-MM-DD). */
export function daysBefore(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() - days);
  return moment.toISOString().slice(0, 10);
}

/** The moment of a Tbilisi clock time (UTC+4 all year) on a calendar day. */
export const tbilisi = (date: string, time: string): string =>
  new Date(`${date}T${time}:00+04:00`).toISOString();

/** The sandbox's day of reminders and overdue notices, run as at `at`. */
export function runNotifications(at: string): Promise<unknown> {
  return sandboxHelper('/__sandbox/notifications/run', { at });
}

/** What the sandbox sent a phone or an address as v1.4 notifications, newest first. */
export async function notificationsSentTo(recipient: string): Promise<string[]> {
  const response = await fetch(
    `${SANDBOX_URL}/__sandbox/outbox?to=${encodeURIComponent(recipient)}&purpose=notification`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { body: string }[]).map((message) => message.body);
}

/** A customer's phone verified through the provider, as the verification step does it. */
export async function verifyPhone(customer: NewCustomer): Promise<void> {
  const login = await fetch(`${SANDBOX_URL}/api/user/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: customer.personalNumber, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const asCustomer = (path: string, body: unknown) =>
    fetch(`${SANDBOX_URL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${access}` },
      body: JSON.stringify(body),
    });
  expect((await asCustomer('/api/user/user/send_sms/', {})).status).toBe(200);
  const code = await latestCode(customer.phone);
  expect((await asCustomer('/api/user/user/activate_phone_number/', { code })).status).toBe(200);
}
