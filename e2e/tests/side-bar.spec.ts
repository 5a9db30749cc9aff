import { kaHost } from 'host/words/ka-host';
import { expect, test } from '../fixtures';
import { fontsBeyondTheText, watchFonts } from '../utils/font-utils';
import { HOME } from '../utils/tags';

// Phones only (see playwright.config.ts): wider screens show the links in the header.
test('the side bar opens from the menu button and closes on navigation', async ({ page }) => {
  // Its buttons' icons are drawn: no font is fetched for a ☰ or a ✕.
  const fonts = watchFonts(page);
  await page.goto('/');
  const menu = page.getByRole('button', { name: kaHost.nav.openMenu });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const sideBar = page.locator('#side-bar');
  await expect(sideBar).toBeVisible();
  await expect(sideBar.getByRole('button', { name: kaHost.nav.closeMenu })).toBeVisible();
  expect(await fontsBeyondTheText(page, fonts)).toEqual([]);
  await sideBar.getByRole('link', { name: kaHost.nav.terms }).click();
  await expect(page).toHaveURL(/\/static$/);
  await expect(sideBar).toBeHidden();
  await expect(page.getByRole('heading', { name: kaHost.terms.title, level: 1 })).toBeVisible();
});

test('the questions open with drawn markers, and their text fetches no font of its own', {
  tag: HOME,
}, async ({ page }) => {
  // The browser's marker (▸) is a symbol, and so was a line break inside a provider's paragraph
  // for the font package's ranges, which list the control characters.
  const fonts = watchFonts(page);
  await page.goto('/');
  const questions = page.locator('main details');
  await expect(questions.nth(1)).toBeAttached();
  // By keyboard: each opened answer moves the next question under the pointer.
  for (const question of await questions.all()) await question.locator('summary').press('Enter');
  await expect(questions.last()).toHaveAttribute('open', '');
  expect(await fontsBeyondTheText(page, fonts)).toEqual([]);
});
