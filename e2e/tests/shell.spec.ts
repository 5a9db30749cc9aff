import { kaHost } from 'host/words/ka-host';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { hostStarted, loadedSingletons } from '../utils/federation-utils';
import { scrollThroughPage } from '../utils/page-utils';
import { asMockedCustomer } from '../utils/provider-utils';
import { ACCOUNT, HOME, LOANS, SERVED, SMOKE } from '../utils/tags';
import { remoteOwnPage } from '../utils/urls';

test('the home page composes a slot from each remote with no console problem', {
  tag: [SERVED, SMOKE, HOME, ACCOUNT, LOANS],
}, async ({ page, consoleProblems }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  // host: the shell
  await expect(page.getByRole('link', { name: kaHost.brand })).toBeVisible();
  // remote-home: the calculator, the slider and the questions
  await expect(page.getByText(kaCalculator.monthlyPayment)).toBeVisible();
  // The slider and the questions load as they come near the viewport.
  await scrollThroughPage(page);
  // The slides come with the page, from the server's provider (decision 020).
  await expect(
    page.getByRole('region', { name: ka.home.sliderLabel }).getByRole('heading').first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
  // remote-account: the login entry in the header
  await expect(
    page.getByRole('banner').getByRole('button', { name: ka.account.login }),
  ).toBeVisible();
  expect(consoleProblems).toEqual([]);

  // remote-loans: a customer's loans
  await asMockedCustomer(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: ka.loans.title })).toBeVisible();
  expect(consoleProblems).toEqual([]);
});

test.describe('once, on desktop', () => {
  // What is loaded once does not depend on the width.
  test.skip(({ isMobile }) => isMobile, 'a platform behaviour: desktop runs it');

  test('host and remotes run on one React, one router and one store', {
    tag: [SMOKE, HOME, ACCOUNT, LOANS],
  }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(kaCalculator.monthlyPayment)).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('button', { name: ka.account.login }),
    ).toBeVisible();

    // Each singleton is loaded once, and it is the host's copy that every app uses.
    await hostStarted(page);
    const singletons = await loadedSingletons(page);
    for (const name of [
      'react',
      'react-dom',
      'zustand',
      '@tanstack/react-query',
      // The slices' door to the router: the host's, bound to the host's one router. The router
      // itself is not shared (decision 014).
      'shared/navigation/router',
    ]) {
      expect(singletons[name], name).toHaveLength(1);
      expect(singletons[name]?.[0]?.from, name).toBe('host');
    }
    expect(singletons['react-router']).toBeUndefined();
    expect(singletons['react-router-dom']).toBeUndefined();
    // Every shared module, the stores included, exists once. (The API client comes with the
    // first call: calculator.spec holds it to one, the host's.)
    const sharedModules = Object.keys(singletons).filter((name) => name.startsWith('shared/'));
    expect(sharedModules).toEqual(
      expect.arrayContaining([
        'shared/stores/ui-store',
        'shared/stores/loan-request-store',
        'shared/auth/auth-store',
        'shared/query/query-client',
      ]),
    );
    for (const name of sharedModules) expect(singletons[name], name).toHaveLength(1);

    // One store: the home slice's "apply" asks for the login through it, the account slice answers.
    // Pressed as soon as it shows: a press on the server's HTML before the calculator's code
    // takes it over is kept and made once it has (host/src/slots/early-press).
    const dialog = page.getByRole('dialog', { name: kaAccount.loginTitle });
    await page.getByRole('main').getByRole('button', { name: kaCalculator.apply }).click();
    await expect(dialog).toBeVisible();

    // One router: the account slice's link navigates inside the host's router, no page load.
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await dialog.getByRole('link', { name: kaAccount.forgotPassword }).click();
    await expect(page).toHaveURL(/\/recovery$/);
    await expect(page.getByRole('heading', { name: ka.account.recoveryTitle })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
  });
});

test("a remote's own page runs alone from its production build, with no host", {
  tag: [SERVED, HOME, ACCOUNT, LOANS],
}, async ({ page }) => {
  // The account slice's page: its container leans on the host's federation runtime, so the
  // page is a build of its own (decision 014); the login form still opens in it.
  const account = await remoteOwnPage('remote_account');
  await page.goto(account.page);
  await expect(page.getByRole('heading', { name: ka.account.recoveryTitle })).toBeVisible();
  await page.getByRole('button', { name: ka.account.login }).click();
  await expect(page.getByRole('dialog', { name: kaAccount.loginTitle })).toBeVisible();

  const home = await remoteOwnPage('remote_home');
  await page.goto(home.page);
  await expect(page.getByRole('heading', { name: kaCalculator.title })).toBeVisible();
  // Where the host loads a slice from its own origin (nginx), the slice's page is not served:
  // it would run as the site, with the customer's cookies.
  for (const { page: own, loaded } of [account, home]) {
    if (loaded !== own) expect((await page.request.get(loaded)).status()).toBe(404);
  }
});

test('the terms page shows both contracts and the personal-data notice from the CMS, sanitised', async ({
  page,
}) => {
  await page.goto('/static');
  await expect(page.getByRole('heading', { name: ka.terms.registration, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: kaHost.terms.loan, level: 2 })).toBeVisible();
  const notice = page.getByRole('region', { name: kaHost.terms.personalData });
  await expect(notice.getByRole('heading', { level: 3 })).toHaveText(/პერსონალურ მონაცემთა/);
  const providerHeading = page.getByRole('heading', { name: '1. სესხის გაცემა' });
  await expect(providerHeading).toBeVisible();
  // The provider's own heading reads at the size of the text around it, below the section's.
  const fontSize = (heading: import('@playwright/test').Locator) =>
    heading.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  const sectionSize = await fontSize(
    page.getByRole('heading', { name: kaHost.terms.loan, level: 2 }),
  );
  const bodySize = await page.evaluate(() =>
    Number.parseFloat(getComputedStyle(document.body).fontSize),
  );
  expect(await fontSize(providerHeading)).toBeLessThan(sectionSize);
  expect(await fontSize(providerHeading)).toBe(bodySize);
  // The loan terms fixture carries an onerror handler: it must not have run.
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss),
  ).toBeUndefined();
});
