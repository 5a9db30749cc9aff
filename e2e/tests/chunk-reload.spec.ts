import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';

const STATIC_PAGE_CHUNK = /\/page-static\.[0-9a-f]{8}\.js$/;

test('a chunk that fails to load reloads the page once, then shows the error page', async ({
  page,
}) => {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.route(STATIC_PAGE_CHUNK, (route) => route.abort('failed'));

  await page.goto('/static');

  await expect(page.getByText(ka.errors.chunkFailed)).toBeVisible();
  await expect(page.getByText('500')).toBeVisible();
  expect(loads).toBe(2);
  // Inside the guard window nothing reloads again.
  await page.waitForTimeout(1_500);
  expect(loads).toBe(2);
});

test('a chunk failing during client-side navigation also reloads once, then recovers', async ({
  page,
}) => {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();

  // The first request for the chunk fails (a dropped connection); after the reload it loads.
  let failures = 0;
  await page.route(STATIC_PAGE_CHUNK, (route) => {
    if (failures > 0) return route.continue();
    failures += 1;
    return route.abort('failed');
  });
  await page.getByRole('banner').getByRole('link', { name: ka.nav.terms }).click();

  await expect(page.getByRole('heading', { name: ka.terms.title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/static$/);
  expect(loads).toBe(2);
});
