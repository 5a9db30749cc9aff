import { kaHost } from '../../host/src/words/ka-host';
import { expect, test } from '../fixtures';

// Phones only (see playwright.config.ts): wider screens show the links in the header.
test('the side bar opens from the menu button and closes on navigation', async ({ page }) => {
  // Its buttons' icons are drawn: no font is fetched for a ☰ or a ✕ (the symbols subset).
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  const menu = page.getByRole('button', { name: kaHost.nav.openMenu });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const sideBar = page.locator('#side-bar');
  await expect(sideBar).toBeVisible();
  await expect(sideBar.getByRole('button', { name: kaHost.nav.closeMenu })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.filter((font) => font.includes('symbols'))).toEqual([]);
  await sideBar.getByRole('link', { name: kaHost.nav.terms }).click();
  await expect(page).toHaveURL(/\/static$/);
  await expect(sideBar).toBeHidden();
  await expect(page.getByRole('heading', { name: kaHost.terms.title, level: 1 })).toBeVisible();
});
