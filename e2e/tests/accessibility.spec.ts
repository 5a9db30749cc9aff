import { kaHost } from 'host/words/ka-host';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaProfile } from 'remote-account/words/ka-profile';
import { kaRegistration } from 'remote-account/words/ka-registration';
import { kaVerification } from 'remote-account/words/ka-verification';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { expect, test } from '../fixtures';
import { logInAsNewCustomer } from '../utils/account-utils';
import { axeViolations } from '../utils/axe';
import { answeredWith } from '../utils/console-utils';
import { scrollThroughPage } from '../utils/page-utils';
import { ACCOUNT, HOME, LOANS } from '../utils/tags';

const pages = [
  { path: '/', ready: kaHost.home.calculatorLabel },
  { path: '/static', ready: kaHost.terms.loan },
  { path: '/recovery', ready: ka.account.recoveryTitle },
  // The page answers 404 by design (error-page.spec), and the browser logs it.
  {
    path: '/no-such-page',
    ready: kaHost.errors.notFoundMessage,
    logs: answeredWith(404, '/no-such-page'),
  },
];

for (const { path, ready, logs } of pages) {
  test(`${path} has no axe violations`, { tag: HOME }, async ({ page, allowConsoleErrors }) => {
    if (logs) allowConsoleErrors(logs);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    // What loads below the fold is checked too.
    await scrollThroughPage(page);
    if (path === '/') {
      await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe('the account slice against the sandbox', { tag: ACCOUNT }, () => {
  test.use({ mockedProvider: false });

  test('the login and registration panels have no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: ka.account.login }).click();
    const login = page.getByRole('dialog', { name: kaAccount.loginTitle });
    await expect(login).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await login.getByRole('button', { name: kaRegistration.register }).click();
    const registration = page.getByRole('dialog', { name: kaRegistration.title });
    await expect(registration.getByLabel(kaRegistration.termsAccept)).toBeVisible();
    await expect(registration.getByLabel(kaRegistration.personalDataAccept)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a logged-in customer's home page has no axe violations", { tag: LOANS }, async ({
    page,
  }) => {
    await logInAsNewCustomer(page);
    await expect(page.getByRole('heading', { name: kaVerification.photos.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The account panel, opened from the header.
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(kaAccountButtons.myAccount) })
      .click();
    const panel = page.getByRole('dialog', { name: kaProfile.panelTitle });
    await expect(panel.getByRole('heading', { name: kaProfile.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('the first Tab stop skips to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: kaHost.home.calculatorLabel })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: kaHost.nav.skipToContent });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
