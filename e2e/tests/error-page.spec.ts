import { kaHost } from 'host/words/ka-host';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { answeredWith } from '../utils/console-utils';
import { scrollThroughPage } from '../utils/page-utils';
import { SERVED } from '../utils/tags';

test('an unknown path answers 404 with the not-found page and a way home', { tag: SERVED }, async ({
  page,
  allowConsoleErrors,
}) => {
  // The browser logs the page's own 404, which is the point.
  allowConsoleErrors(answeredWith(404, '/no-such-page'));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: kaHost.errors.notFoundMessage })).toBeVisible();
  await expect(page.getByText('404', { exact: false }).first()).toBeVisible();

  await page.getByRole('link', { name: kaHost.errors.backHome }).click();
  await expect(page).toHaveURL(/\/$/);
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
});

test('a route declaring an unknown middleware shows status 500 and names it', async ({ page }) => {
  // The operator's runtime configuration adds middleware to /static; this name does not exist.
  // The server writes the configuration into the page (decision 014): rewrite it there.
  // A page the test answers has no address space of its own, so Chrome would treat it as
  // public and refuse its preloads of the remotes on localhost; the real page is local.
  await page.context().grantPermissions(['local-network-access']);
  // The server rendered the page under its own configuration (decision 020): without its page
  // state the browser renders the page itself, under the rewritten one.
  await page.route('**/static', async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace('"routeMiddleware":{}', '"routeMiddleware":{"/static":["no-such-guard"]}')
      .replace(/<script type="application\/json" id="page-state">.*?<\/script>/s, '');
    expect(html).toContain('no-such-guard');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/static');
  await expect(page.getByText('Unknown middleware no-such-guard')).toBeVisible();
  await expect(page.getByText('500')).toBeVisible();
  await expect(page.getByRole('link', { name: kaHost.errors.backHome })).toBeVisible();
});
