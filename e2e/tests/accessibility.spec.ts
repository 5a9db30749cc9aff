import AxeBuilder from '@axe-core/playwright';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';

const pages = [
  { path: '/', ready: ka.loans.title },
  { path: '/static', ready: ka.terms.loan },
  { path: '/recovery', ready: ka.account.recoveryTitle },
  { path: '/no-such-page', ready: ka.errors.notFoundMessage },
];

for (const { path, ready } of pages) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([]);
  });
}

test('the first Tab stop skips to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: ka.loans.title })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: ka.nav.skipToContent });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
