import { kaHost } from 'host/words/ka-host';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { ka } from 'shared/strings/ka';
import { type ExpectedConsoleError, expect, test } from '../fixtures';
import { unanswered } from '../utils/console-utils';
import { scrollThroughPage } from '../utils/page-utils';
import { asMockedCustomer } from '../utils/provider-utils';
import { SERVED } from '../utils/tags';
import { isRemoteFile, type RemoteName, remoteFile } from '../utils/urls';

/**
 * React's report of an error a slot's boundary caught: the federation runtime's error for
 * this remote (RUNTIME-003, no manifest; RUNTIME-008, no entry script), which names it.
 */
const slotCaught = (code: string, remote: RemoteName): ExpectedConsoleError => ({
  text: new RegExp(`^Error: \\[ Federation Runtime \\]: .* #${code}\\nargs: \\{[^\\n]*"${remote}"`),
});

test('a remote whose manifest cannot load degrades only its own slots; retry recovers', {
  tag: SERVED,
}, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(
    unanswered('ERR_CONNECTION_REFUSED', remoteFile('remote_home', 'mf-manifest.json')),
    slotCaught('RUNTIME-003', 'remote_home'),
  );
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.route(remoteFile('remote_home', 'mf-manifest.json'), (route) =>
    route.abort('connectionrefused'),
  );
  await page.goto('/');

  // The shell and the other remotes work.
  await expect(page.getByRole('link', { name: kaHost.brand })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: ka.account.login }),
  ).toBeVisible();

  // Each of remote-home's slots says so in Georgian, each with a retry.
  await scrollThroughPage(page);
  const slider = page.getByRole('region', { name: ka.home.sliderLabel });
  await expect(slider).toContainText(kaHost.remote.unavailable);
  await expect(page.getByRole('region', { name: kaHost.home.calculatorLabel })).toContainText(
    kaHost.remote.unavailable,
  );
  await expect(page.getByRole('region', { name: ka.home.faqTitle })).toContainText(
    kaHost.remote.unavailable,
  );

  // The remote comes back: retry loads it in the same page, without a reload.
  await page.unroute(remoteFile('remote_home', 'mf-manifest.json'));
  await slider.getByRole('button', { name: ka.common.retry }).click();
  // Its slides, as the page's server had them from the provider (decision 020).
  await expect(slider.getByRole('heading').first()).toBeVisible();
  expect(loads).toBe(1);
});

test('a remote whose entry file cannot load shows its fallback, not a blank page', {
  tag: SERVED,
}, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(
    unanswered('ERR_FAILED', remoteFile('remote_loans', 'remoteEntry.js')),
    slotCaught('RUNTIME-008', 'remote_loans'),
  );
  await asMockedCustomer(page);
  await page.route(remoteFile('remote_loans', 'remoteEntry.js'), (route) => route.abort('failed'));
  await page.goto('/');
  await expect(page.getByRole('region', { name: ka.loans.title })).toContainText(
    kaHost.remote.unavailable,
  );
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
});

test('a visitor fetches the account slice only to log in; down, it costs only the login', {
  tag: SERVED,
}, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(
    unanswered('ERR_FAILED', remoteFile('remote_account', 'remoteEntry.js')),
    slotCaught('RUNTIME-008', 'remote_account'),
  );
  const accountScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && isRemoteFile('remote_account', request.url())) {
      accountScripts.push(request.url());
    }
  });
  await page.route(remoteFile('remote_account', 'remoteEntry.js'), (route) =>
    route.abort('failed'),
  );
  await page.goto('/');
  const figures = page.getByRole('region', { name: kaCalculator.title }).locator('output');
  await expect(figures.first()).toBeVisible();
  expect(accountScripts).toEqual([]);

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: ka.account.login }).click();
  await expect(banner.getByRole('alert')).toHaveText(kaHost.remote.unavailable);
  expect(accountScripts).not.toEqual([]);
  // The calculator still answers.
  await expect(figures.first()).toBeVisible();

  await page.unroute(remoteFile('remote_account', 'remoteEntry.js'));
  await banner.getByRole('button', { name: ka.common.retry }).click();
  await expect(page.getByRole('dialog', { name: kaAccount.loginTitle })).toBeVisible();
});
