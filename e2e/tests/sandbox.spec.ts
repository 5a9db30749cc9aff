import { kaHost } from 'host/words/ka-host';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { accountButton, logOut } from '../utils/account-utils';
import { scrollThroughPage } from '../utils/page-utils';
import { ACCOUNT, CUSTOMER_FLOW, HOME, LOANS, SERVED, SMOKE } from '../utils/tags';
import { SANDBOX_URL } from '../utils/urls';

// These run against the embedded sandbox API that `pnpm start` serves, nothing mocked.
test.use({ mockedProvider: false });

const VERIFIED_CUSTOMER = { personalNumber: '01001000001', password: 'Sandbox123' };

test('the home page shows the sandbox CMS content and images through the host proxy', {
  tag: [SERVED, CUSTOMER_FLOW, HOME],
}, async ({ page, consoleProblems }) => {
  const slides = (await (await fetch(`${SANDBOX_URL}/api/cms/slider/`)).json()) as {
    title: string;
  }[];
  expect(slides.length).toBeGreaterThan(0);

  await page.goto('/');
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: slides[0]?.title })).toBeVisible();
  const image = page.getByRole('region', { name: ka.home.sliderLabel }).locator('img').first();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
  expect(consoleProblems).toEqual([]);
});

test('a seeded customer logs in through the account slice and sees their loans', {
  tag: [SERVED, SMOKE, CUSTOMER_FLOW, ACCOUNT, LOANS],
}, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: ka.account.login }).click();
  const dialog = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await dialog.getByLabel(kaAccount.personalNumber).fill(VERIFIED_CUSTOMER.personalNumber);
  await dialog.getByLabel(kaAccount.password).fill(VERIFIED_CUSTOMER.password);
  await dialog.getByRole('button', { name: kaAccount.submitLogin }).click();

  await expect(dialog).toBeHidden();
  const loans = page.getByRole('region', { name: ka.loans.title });
  await expect(loans.getByRole('listitem').first()).toBeVisible();
  await expect(loans).toContainText(kaLoans.status.active);

  // The session survives a reload (the user cookie), and logout ends it.
  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  await logOut(page);
  // A visitor's page has no loans: it leads with the calculator again.
  await expect(loans).toBeHidden();
  await expect(page.getByRole('heading', { name: kaHost.home.calculatorLabel })).toBeVisible();
});

test('wrong credentials are refused by the sandbox with a Georgian message', {
  tag: [CUSTOMER_FLOW, ACCOUNT],
}, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: ka.account.login }).click();
  const dialog = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await dialog.getByLabel(kaAccount.personalNumber).fill(VERIFIED_CUSTOMER.personalNumber);
  await dialog.getByLabel(kaAccount.password).fill('Wrong12345');
  await dialog.getByRole('button', { name: kaAccount.submitLogin }).click();
  await expect(dialog.getByRole('alert')).toHaveText(kaAccount.wrongCredentials);
});
