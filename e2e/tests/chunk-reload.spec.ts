import { kaHost } from 'host/words/ka-host';
import { ka } from 'shared/strings/ka';
import { type ExpectedConsoleError, expect, test } from '../fixtures';
import { scrollThroughPage } from '../utils/page-utils';
import { SERVED } from '../utils/tags';

const STATIC_PAGE_CHUNK = /\/page-static\.[0-9a-f]{8}\.js$/;

/**
 * What the browser logs for the chunk the test fails: the failed request, the loader's
 * ChunkLoadError, and React Router's report of the error it caught while rendering the route.
 */
const FAILED_CHUNK: ExpectedConsoleError[] = [
  { text: /^Failed to load resource: net::ERR_FAILED$/, url: STATIC_PAGE_CHUNK },
  { text: /^ChunkLoadError: Loading chunk \d+ failed\./ },
  { text: /^React Router caught the following error during render ChunkLoadError: / },
];

test('a chunk that fails to load reloads the page once, then shows the error page', {
  tag: SERVED,
}, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(...FAILED_CHUNK);
  // Page loads counted by their document requests: a reload can come before the first page's
  // load event, which then never fires.
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  await page.route(STATIC_PAGE_CHUNK, (route) => route.abort('failed'));

  await page.goto('/static');

  await expect(page.getByText(kaHost.errors.chunkFailed)).toBeVisible();
  await expect(page.getByText('500')).toBeVisible();
  // The error page can show before the reloaded page's load event.
  await expect.poll(() => loads).toBe(2);
  // Inside the guard window nothing reloads again: once the network is quiet, still two loads
  // and still the error page (a second reload would have asked for a new document at once).
  await page.waitForLoadState('networkidle');
  expect(loads).toBe(2);
  await expect(page.getByText(kaHost.errors.chunkFailed)).toBeVisible();
});

test('a chunk failing during client-side navigation also reloads once, then recovers', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(...FAILED_CHUNK);
  // Page loads counted by their document requests: a reload can come before the first page's
  // load event, which then never fires.
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  await page.goto('/');
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();

  // The first request for the chunk fails (a dropped connection); after the reload it loads.
  let failures = 0;
  await page.route(STATIC_PAGE_CHUNK, (route) => {
    if (failures > 0) return route.continue();
    failures += 1;
    return route.abort('failed');
  });
  await page.getByRole('banner').getByRole('link', { name: kaHost.nav.terms }).click();

  await expect(page.getByRole('heading', { name: kaHost.terms.title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/static$/);
  expect(loads).toBe(2);
});
