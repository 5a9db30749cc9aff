import type { Locator, Page } from '@playwright/test';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { format, ka } from 'shared/strings/ka';
import { kaHost } from '../../host/src/app/ka-host';
import { kaProfile } from '../../remote-account/src/features/profile/ka-profile';
import { kaRegistration } from '../../remote-account/src/features/registration/ka-registration';
import { kaVerification } from '../../remote-account/src/features/verification/ka-verification';
import { kaAccount } from '../../remote-account/src/lib/ka-account';
import { expect, test } from '../fixtures';
import {
  accessToken,
  accountButton,
  expireAccessToken,
  latestCode,
  logInViaUi,
  logOut,
  type NewCustomer,
  newCustomer,
  openAccountPanel,
  PASSWORD,
  registerViaApi,
  setBanned,
  solidPng,
} from '../utils/account-utils';
import { expectClearOfHeader } from '../utils/layout-utils';
import { SERVED } from '../utils/tags';

// The whole account slice against the embedded sandbox, nothing mocked.
test.use({ mockedProvider: false });

const banner = (page: Page) => page.getByRole('banner');
const v = kaVerification;

/** The home page's compact verification section (decision 011). */
const verificationSection = (page: Page) =>
  page.getByRole('region', { name: v.title, exact: true });

function verificationStep(page: Page, title: string): Locator {
  return verificationSection(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
}

const progress = (done: number) => format(v.progress, { done, total: 3 });

const verificationSummary = (panel: Locator) =>
  panel.getByRole('region', { name: v.summary.title, exact: true });

async function registerViaUi(page: Page, customer: NewCustomer): Promise<void> {
  await banner(page).getByRole('button', { name: ka.account.register }).click();
  const panel = page.getByRole('dialog', { name: kaRegistration.title });
  await panel.getByLabel(kaAccount.personalNumber).fill(customer.personalNumber);
  await panel.getByLabel(kaRegistration.firstName).fill(customer.firstName);
  await panel.getByLabel(kaRegistration.lastName).fill(customer.lastName);
  await panel.getByLabel(kaRegistration.birthDate).fill(customer.birthDate);
  await panel.getByLabel(kaRegistration.phone).fill(customer.phone);
  await panel.getByLabel(kaRegistration.email, { exact: true }).fill(customer.email);
  await panel.getByLabel(kaAccount.password, { exact: true }).fill(PASSWORD);
  await panel.getByLabel(kaRegistration.passwordConfirm).fill(PASSWORD);
  await panel.getByLabel(kaRegistration.termsAccept).check();
  await panel.getByRole('button', { name: kaRegistration.submit }).click();
  await expect(panel.getByRole('status')).toContainText(kaRegistration.done);
}

async function verifyWithCode(
  step: Locator,
  texts: { send: string; code: string; confirm: string },
  recipient: string,
): Promise<void> {
  await step.getByRole('button', { name: texts.send, exact: true }).click();
  const code = await latestCode(recipient);
  await step.getByLabel(texts.code).fill(code);
  await step.getByRole('button', { name: texts.confirm }).click();
  await expect(step).toContainText(v.verified);
}

test('a new customer registers, logs in, verifies e-mail, phone and photos, and is fully verified', {
  tag: SERVED,
}, async ({ page, consoleProblems }) => {
  const customer = newCustomer();
  await page.goto('/');
  await registerViaUi(page, customer);

  // Registration leaves the customer logged out, with the login offered for the new number.
  await expect(accountButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: kaRegistration.loginNow }).click();
  const login = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await expect(login.getByLabel(kaAccount.personalNumber)).toHaveValue(customer.personalNumber);
  await login.getByLabel(kaAccount.password).fill(PASSWORD);
  await login.getByRole('button', { name: kaAccount.submitLogin, exact: true }).click();
  await expect(banner(page)).toContainText(customer.firstName);

  // The home page's verification section: progress, each step a row, the ones to do open.
  const section = verificationSection(page);
  await expect(section.getByRole('progressbar', { name: progress(0) })).toBeVisible();

  await verifyWithCode(verificationStep(page, v.email.title), v.email, customer.email);
  await expect(section.getByRole('progressbar', { name: progress(1) })).toBeVisible();
  // Done, the e-mail is a short row: no address, no form.
  await expect(verificationStep(page, v.email.title)).not.toContainText(customer.email);
  await expect(verificationStep(page, v.email.title).getByRole('textbox')).toHaveCount(0);

  await verifyWithCode(verificationStep(page, v.phone.title), v.phone, customer.phone);
  await expect(section.getByRole('progressbar', { name: progress(2) })).toBeVisible();

  // The account panel sums the same up, and points to the steps left.
  let panel = await openAccountPanel(page);
  await expect(verificationSummary(panel)).toContainText(progress(2));
  await expect(verificationSummary(panel)).toContainText(v.photos.title);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(accountButton(page)).toBeFocused();

  const photos = verificationStep(page, v.photos.title);
  const images = {
    id_front: solidPng(64, 40, [11, 93, 85]),
    id_back: solidPng(64, 40, [180, 77, 0]),
    selfie: solidPng(48, 48, [26, 95, 180]),
  };
  for (const [kind, buffer] of Object.entries(images) as [keyof typeof images, Buffer][]) {
    await photos
      .getByLabel(v.photos.kinds[kind], { exact: true })
      .setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer });
    await expect(
      photos.getByRole('img', { name: format(v.photos.preview, { kind: v.photos.kinds[kind] }) }),
    ).toBeVisible();
  }
  await photos.getByRole('button', { name: v.photos.upload }).click();
  await expect(photos).toContainText(v.photos.status.pending);

  // The sandbox approves photos after DECISION_DELAY; the step polls until it does. The
  // section stays to say so while this page lasts, and is gone from the next one.
  await expect(section).toContainText(v.fullyVerified, { timeout: 30_000 });
  await expect(photos).toContainText(`✓ ${v.verified}`);
  await expect(section.getByRole('progressbar', { name: progress(3) })).toBeVisible();
  await page.reload();
  await expect(banner(page)).toContainText(customer.firstName);
  await expect(page.getByRole('heading', { name: ka.loans.title })).toBeVisible();
  await expect(section).toHaveCount(0);
  panel = await openAccountPanel(page);
  await expect(verificationSummary(panel)).toContainText(v.fullyVerified);
  await expect(verificationSummary(panel).getByRole('link')).toHaveCount(0);
  expect(consoleProblems).toEqual([]);
});

test('a customer who forgot the password recovers it with the SMS code and logs in', async ({
  page,
}) => {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/recovery');
  const recovery = page.getByRole('region', { name: ka.account.recoveryTitle });
  await recovery.getByLabel(kaAccount.personalNumber).fill(customer.personalNumber);
  await recovery.getByRole('button', { name: kaAccount.sendCode }).click();

  const code = await latestCode(customer.phone);
  await recovery.getByLabel(kaAccount.code).fill(code);
  await recovery.getByLabel(kaAccount.newPassword).fill('Axali2026pass');
  await recovery.getByRole('button', { name: kaAccount.setPassword }).click();
  await expect(recovery.getByRole('status')).toContainText(kaAccount.recoveryDone);

  await recovery.getByRole('link', { name: ka.account.login }).click();
  const login = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await login.getByLabel(kaAccount.personalNumber).fill(customer.personalNumber);
  await login.getByLabel(kaAccount.password).fill('Axali2026pass');
  await login.getByRole('button', { name: kaAccount.submitLogin, exact: true }).click();
  await expect(accountButton(page)).toBeVisible();
});

test('a customer banned in the middle of a session is forced out and told why', async ({
  page,
}) => {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  const email = verificationStep(page, v.email.title);
  await expect(email).toBeVisible();

  await setBanned(customer.personalNumber, true);
  // The next call meets the ban: this click's, or a background refresh's when that comes first
  // and takes the section away (the click then has nothing to press; the outcome is the same).
  await email
    .getByRole('button', { name: v.email.send, exact: true })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      if ((await page.getByRole('region', { name: v.title }).count()) > 0) throw error;
    });

  await expect(page.getByRole('alert').filter({ hasText: kaHost.session.banned })).toBeVisible();
  await expect(
    banner(page).getByRole('button', { name: ka.account.login, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: v.title })).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

  // Logging in again is refused while the ban lasts.
  await banner(page).getByRole('button', { name: ka.account.login, exact: true }).click();
  const login = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await login.getByLabel(kaAccount.personalNumber).fill(customer.personalNumber);
  await login.getByLabel(kaAccount.password).fill(PASSWORD);
  await login.getByRole('button', { name: kaAccount.submitLogin, exact: true }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
});

test('an access token that expires mid-session is refreshed without the customer noticing', async ({
  page,
  consoleProblems,
}) => {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  const before = await accessToken(page);

  // Expired now, as its lifetime would (the sandbox's development helper).
  await expireAccessToken(page);

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/user/token/refresh/')) refreshes.push(response.status());
  });
  // Account settings live in the header's account panel, not on the home page.
  const profile = (await openAccountPanel(page)).getByRole('region', { name: kaProfile.title });
  await profile.getByRole('button', { name: kaProfile.edit }).click();
  await profile.getByLabel(kaProfile.firstName).fill('ნატო');
  await profile.getByRole('button', { name: kaProfile.save }).click();

  await expect(profile.getByRole('status')).toContainText(kaProfile.saved);
  await expect(banner(page)).toContainText('ნატო');
  expect(refreshes).toEqual([200]);
  const after = await accessToken(page);
  expect(after.access).not.toBe(before.access);
  expect(after.expiresAt).toBeGreaterThanOrEqual(before.expiresAt);
  await expect(page.getByRole('alert').filter({ hasText: kaHost.session.expired })).toHaveCount(0);
  // Chromium itself logs the expired token's 401 response; the page logs nothing.
  expect(consoleProblems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
});

test('the account panel’s link takes a customer with steps left to them on the home page', async ({
  page,
  consoleProblems,
}) => {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  await expect(verificationSection(page)).toBeVisible();
  // Profile and password are not on the home page any more.
  await expect(page.getByRole('main').getByRole('region', { name: kaProfile.title })).toHaveCount(
    0,
  );
  await expect(
    page.getByRole('main').getByRole('form', { name: kaProfile.passwordTitle }),
  ).toHaveCount(0);

  await showStepsFromPanel(page);
  expect(consoleProblems).toEqual([]);
});

/** The account panel's link to the verification steps: focus lands on their title, in view. */
async function showStepsFromPanel(page: Page) {
  const panel = await openAccountPanel(page);
  await expect(verificationSummary(panel)).toContainText(progress(0));
  await verificationSummary(panel).getByRole('link', { name: v.summary.showSteps }).click();

  await expect(panel).toBeHidden();
  const title = verificationSection(page).getByRole('heading', { name: v.title });
  await expect(title).toBeFocused();
  // Below the sticky header, not under it.
  await expectClearOfHeader(page, title);
}

test.describe('on a phone, 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the panel’s link to the verification steps lands below the sticky header', async ({
    page,
  }) => {
    const customer = newCustomer();
    await registerViaApi(customer);
    await page.goto('/');
    await logInViaUi(page, customer.personalNumber);
    await showStepsFromPanel(page);
  });

  test('the header shows a customer’s whole first name, or their initials, never a cut name', async ({
    page,
  }) => {
    await page.goto('/');
    // გიორგი was cut to "გი…" beside the logout button at this width.
    await logInViaUi(page, '01001000002');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const button = accountButton(page);
      await expect(button).toBeInViewport({ ratio: 1 });
      const shown = await button.evaluate((element) => {
        // The name, or the initials' badge, is what the button shows after its hidden label.
        const shown = element.lastElementChild as HTMLElement | null;
        if (!shown) return { text: null, cut: true };
        return { text: shown.textContent, cut: shown.scrollWidth > shown.clientWidth };
      });
      expect(shown.cut, `the name at ${width} px`).toBe(false);
      expect(['გიორგი', 'გკ']).toContain(shown.text);
    }
  });

  test('the customer opens the account panel from the header and changes the password there', async ({
    page,
    consoleProblems,
  }) => {
    const customer = newCustomer();
    await registerViaApi(customer);
    await page.goto('/');
    await logInViaUi(page, customer.personalNumber);

    // The name stays in the header, on the screen, beside the menu button; logout is in the
    // account panel (it took the room the name needs).
    const name = accountButton(page);
    await expect(name).toBeVisible();
    await expect(name).toBeInViewport({ ratio: 1 });
    await expect(banner(page).getByRole('button', { name: kaAccount.logout })).toBeHidden();

    const panel = await openAccountPanel(page);
    // Within the screen's width, below the header's buttons, and no taller than the screen.
    const box = await panel.boundingBox();
    const below = await name.boundingBox();
    expect(box).not.toBeNull();
    expect(below).not.toBeNull();
    if (box && below) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y).toBeGreaterThanOrEqual(below.y + below.height);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    await expect(panel.getByRole('button', { name: kaAccount.close })).toBeInViewport();

    // The password form is further down, inside the panel, which scrolls to it.
    const form = panel.getByRole('form', { name: kaProfile.passwordTitle });
    await form.getByLabel(kaProfile.currentPassword).fill(PASSWORD);
    await form.getByLabel(kaAccount.newPassword, { exact: true }).fill('Axali2026pass');
    await form.getByLabel(kaProfile.newPasswordConfirm).fill('Axali2026pass');
    await form.getByRole('button', { name: kaAccount.setPassword }).click();
    await expect(form.getByRole('status')).toContainText(kaProfile.passwordChanged);
    await expect(form.getByLabel(kaProfile.currentPassword)).toHaveValue('');

    await panel.getByRole('button', { name: kaAccount.close }).click();
    await expect(panel).toBeHidden();
    await expect(name).toBeFocused();

    // The new password is the one that works now.
    await logOut(page);
    await logInViaUi(page, customer.personalNumber, 'Axali2026pass');
    expect(consoleProblems).toEqual([]);
  });
});
