import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { openSession } from 'page-server/session/sealed-session';
import { sessionKeys } from 'page-server/session/session-keys';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaProfile } from 'remote-account/words/ka-profile';
import { kaVerification } from 'remote-account/words/ka-verification';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { E2E_SANDBOX_ENV } from './sandbox-env';
import { SANDBOX_URL } from './urls';

/** The password every customer made by these tests gets. */
export const PASSWORD = 'Sandbox123';

export interface NewCustomer {
  personalNumber: string;
  phone: string;
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

let sequence = 0;

/**
 * A customer no run has registered yet: numbers from the clock, so reruns against a kept
 * database (`reuseExistingServer`) never collide with earlier ones.
 */
export function newCustomer(): NewCustomer {
  sequence += 1;
  const stamp = `${Date.now() % 1_000_000_000}`.padStart(9, '0');
  const unique = `${stamp.slice(0, 8)}${sequence % 10}`;
  return {
    personalNumber: `7${unique}0`,
    phone: `5${unique.slice(1)}`,
    email: `e2e-${unique}@example.ge`,
    firstName: 'თამარ',
    lastName: 'ქავთარაძე',
    birthDate: '1994-03-08',
  };
}

/** Registers straight at the sandbox, for tests about what comes after registration. */
export async function registerViaApi(customer: NewCustomer): Promise<void> {
  const current = async (contactType: number) =>
    (
      (await (
        await fetch(`${SANDBOX_URL}/api/cms/terms_of_contract/?contact_type=${contactType}`)
      ).json()) as { id: number }[]
    )[0]?.id;
  const form = new FormData();
  const fields = {
    personal_number: customer.personalNumber,
    first_name: customer.firstName,
    last_name: customer.lastName,
    birth_date: customer.birthDate,
    phone_number: customer.phone,
    email: customer.email,
    password: PASSWORD,
    password_confirm: PASSWORD,
    terms_of_contract: String(await current(2)),
    personal_data_consent: String(await current(3)),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${SANDBOX_URL}/api/user/register/`, {
    method: 'POST',
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/**
 * The newest 6-digit code the sandbox "sent" to a phone number or e-mail address: among its
 * codes only, since a notification (contract v1.4) may reach the same contact after one.
 */
export async function latestCode(recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(
        `${SANDBOX_URL}/__sandbox/outbox?to=${encodeURIComponent(recipient)}&purpose=code`,
      );
      const messages = (await response.json()) as { body: string }[];
      code = messages[0]?.body.match(/\b\d{6}\b/)?.[0];
      return code;
    })
    .toBeDefined();
  return code as string;
}

export async function setBanned(personalNumber: string, banned: boolean): Promise<void> {
  const response = await fetch(`${SANDBOX_URL}/__sandbox/users/${personalNumber}/ban`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ banned }),
  });
  expect(response.status).toBe(200);
}

/** A customer just registered through the API, logged in on the home page through the UI. */
export async function logInAsNewCustomer(page: Page): Promise<NewCustomer> {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  return customer;
}

/** Logs in through the header's login panel, as a customer does. */
export async function logInViaUi(page: Page, personalNumber: string, password = PASSWORD) {
  await page.getByRole('banner').getByRole('button', { name: ka.account.login }).click();
  await fillLogin(
    page.getByRole('dialog', { name: kaAccount.loginTitle }),
    personalNumber,
    password,
  );
}

/** Logs in through the login dialog already open (the header's, or one a page opened). */
export async function fillLogin(dialog: Locator, personalNumber: string, password = PASSWORD) {
  await dialog.getByLabel(kaAccount.personalNumber).fill(personalNumber);
  await dialog.getByLabel(kaAccount.password).fill(password);
  await dialog.getByRole('button', { name: kaAccount.submitLogin }).click();
  await expect(dialog).toBeHidden();
  await expect(accountButton(dialog.page())).toBeVisible();
}

/** The customer's name (or initials) in the header; its accessible name starts "ჩემი ანგარიში". */
export const accountButton = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${kaAccountButtons.myAccount}`) });

/** Opens the account panel from the header, as a customer does; returns the dialog. */
export async function openAccountPanel(page: Page): Promise<Locator> {
  await accountButton(page).click();
  const panel = page.getByRole('dialog', { name: kaProfile.panelTitle });
  await expect(panel.getByRole('heading', { name: kaProfile.panelTitle })).toBeFocused();
  // The panel's content loads when it first opens.
  await expect(panel.getByRole('region', { name: kaProfile.title })).toBeVisible();
  return panel;
}

/** Logs out as a customer does: from the header, or on a phone from the account panel. */
export async function logOut(page: Page): Promise<void> {
  const inHeader = page.getByRole('banner').getByRole('button', { name: kaAccountButtons.logout });
  if (await inHeader.isVisible()) await inHeader.click();
  else
    await (await openAccountPanel(page))
      .getByRole('button', { name: kaAccountButtons.logout })
      .click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: ka.account.login }),
  ).toBeVisible();
}

/**
 * Expires the page's access token now, through the sandbox's development helper, as its
 * lifetime would: the next call meets a 401 and the client refreshes.
 */
export async function expireAccessToken(page: Page): Promise<void> {
  const { access } = await accessToken(page);
  const response = await fetch(`${SANDBOX_URL}/__sandbox/tokens/expire`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ access }),
  });
  expect(response.status).toBe(204);
}

/**
 * The session's access token and the second it expires (the JWT's `exp`): the suite knows the
 * secret that seals the cookie (E2E_SANDBOX_ENV), which no page does.
 */
export async function accessToken(page: Page): Promise<{ access: string; expiresAt: number }> {
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  const keys = sessionKeys({ SESSION_SECRET: E2E_SANDBOX_ENV.SESSION_SECRET });
  const limits = { idleSeconds: 86_400, maxSeconds: 86_401 };
  const opened = await openSession(cookie.value, keys, limits, Math.floor(Date.now() / 1000));
  if (opened.kind !== 'open') throw new Error(`the session cookie is ${opened.kind}`);
  const { access } = opened.session;
  const payload = JSON.parse(
    Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { exp: number };
  return { access, expiresAt: payload.exp };
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, so the browser previews it and the sandbox accepts its bytes. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The page's header. */
export const banner = (page: Page) => page.getByRole('banner');

/** The home page's compact verification section (decision 011). */
export const verificationSection = (page: Page) =>
  page.getByRole('region', { name: kaVerification.title, exact: true });

/** One step of the verification section, by its title. */
export function verificationStep(page: Page, title: string): Locator {
  return verificationSection(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
}

/**
 * A loan the sandbox's development helper gives a customer: as it stands `daysAgo` after issue,
 * or issued so that its first unpaid row falls due on `nextDue` (YYYY-MM-DD, v1.3: today's date
 * is a loan whose automatic charge runs today).
 */
export type GivenLoan = {
  amount: string;
  term: number;
  /** How many of its schedule rows were paid, on their due dates. */
  paidRows?: number;
} & ({ daysAgo: number } | { nextDue: string });

/**
 * Gives a customer a loan in the state a test needs (fresh inside its 14 days, overdue), so
 * tests that pay or withdraw one never spend the seed customers' loans.
 */
export async function giveLoan(personalNumber: string, loan: GivenLoan): Promise<number> {
  const response = await fetch(`${SANDBOX_URL}/__sandbox/users/${personalNumber}/loans`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      amount: loan.amount,
      term: loan.term,
      ...('nextDue' in loan ? { next_due: loan.nextDue } : { days_ago: loan.daysAgo }),
      paid_rows: loan.paidRows ?? 0,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
