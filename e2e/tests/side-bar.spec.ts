import { kaHost } from '../../host/src/words/ka-host';
import { expect, test } from '../fixtures';

// Phones only (see playwright.config.ts): wider screens show the links in the header.
test('the side bar opens from the menu button and closes on navigation', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('button', { name: kaHost.nav.openMenu });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const sideBar = page.locator('#side-bar');
  await expect(sideBar).toBeVisible();
  await sideBar.getByRole('link', { name: kaHost.nav.terms }).click();
  await expect(page).toHaveURL(/\/static$/);
  await expect(sideBar).toBeHidden();
  await expect(page.getByRole('heading', { name: kaHost.terms.title, level: 1 })).toBeVisible();
});
