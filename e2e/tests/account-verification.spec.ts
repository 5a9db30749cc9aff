// Registration and the three verification steps, against the embedded sandbox.
import type { Locator, Page } from '@playwright/test';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaProfile } from 'remote-account/words/ka-profile';
import { kaRegistration } from 'remote-account/words/ka-registration';
import { kaVerification } from 'remote-account/words/ka-verification';
import { format, ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import {
  accountButton,
  banner,
  latestCode,
  logInAsNewCustomer,
  type NewCustomer,
  newCustomer,
  openAccountPanel,
  PASSWORD,
  solidPng,
  verificationSection,
  verificationStep,
} from '../utils/account-utils';
import { fontsBeyondTheText, watchFonts } from '../utils/font-utils';
import { expectClearOfHeader } from '../utils/layout-utils';
import { SERVED } from '../utils/tags';

// The whole account slice against the embedded sandbox, nothing mocked.
test.use({ mockedProvider: false });

const v = kaVerification;

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
  await panel.getByLabel(kaRegistration.personalDataAccept).check();
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

test('the account panel’s link takes a customer with steps left to them on the home page', async ({
  page,
  consoleProblems,
}) => {
  const fonts = watchFonts(page);
  await logInAsNewCustomer(page);
  await expect(verificationSection(page)).toBeVisible();
  // Profile and password are not on the home page any more.
  await expect(page.getByRole('main').getByRole('region', { name: kaProfile.title })).toHaveCount(
    0,
  );
  await expect(
    page.getByRole('main').getByRole('form', { name: kaProfile.passwordTitle }),
  ).toHaveCount(0);

  await showStepsFromPanel(page);
  // The steps' marks (✓, ○) and the panel's ✕ are the system font's, not a 12 KB subset each.
  expect(await fontsBeyondTheText(page, fonts)).toEqual([]);
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
    await logInAsNewCustomer(page);
    await showStepsFromPanel(page);
  });
});
