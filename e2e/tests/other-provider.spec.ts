import { ka } from 'shared/strings/ka';
import { otherProviderQuestionAnswers, otherProviderSlides } from 'shared/testing/fixtures';
import { expect, test } from '../fixtures';
import { renderInBrowser, scrollThroughPage } from '../utils/page-utils';
import { serveOtherProviderCms } from '../utils/provider-utils';

/*
 * The product in front of a provider other than the sandbox, one that follows the contract to
 * the letter in shapes the sandbox never uses (issue 27): every slide it sends is shown, its
 * images load from this site, and nothing reaches its origin directly (the site guard).
 */
test.beforeEach(async ({ page }) => {
  // The server's provider is the sandbox: this provider's answers are the browser's.
  await renderInBrowser(page);
  await serveOtherProviderCms(page);
});

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  items.toSorted((a, b) => a.order - b.order);

test('the home page shows every slide of a provider whose images are under its API or on its origin', async ({
  page,
}) => {
  await page.goto('/');
  const slider = page.getByRole('region', { name: ka.home.sliderLabel });
  for (const slide of otherProviderSlides) {
    await expect(slider.getByRole('heading', { name: slide.title }).first()).toBeAttached();
  }
  await expect(slider.getByText(ka.home.sliderEmpty)).toHaveCount(0);

  // The first slide by `order` is on show, and its image is loaded from this site's /api/.
  const first = byOrder(otherProviderSlides)[0];
  if (!first) throw new Error('the fixtures have slides');
  const shown = slider
    .getByRole('group')
    .filter({ has: page.getByRole('heading', { name: first.title }) });
  const image = shown.first().locator('img');
  await expect(image).toHaveAttribute('src', '/api/cms/media/slide-1.svg');
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  const sources = await slider
    .locator('img')
    .evaluateAll((images) => images.map((element) => element.getAttribute('src')));
  expect(new Set(sources)).toEqual(
    new Set([
      '/api/cms/media/slide-1.svg',
      '/api/cms/media/slide-2.svg?v=4',
      '/api/cms/media/slide-3.svg',
    ]),
  );
});

test('the home page lists a provider’s questions by their order, not as they came', async ({
  page,
}) => {
  await page.goto('/');
  // The questions' slot loads as it nears the screen.
  await scrollThroughPage(page);
  const faq = page.getByRole('region', { name: ka.home.faqTitle });
  await expect(faq.getByRole('group')).toHaveCount(otherProviderQuestionAnswers.length);
  await expect(faq.locator('summary')).toHaveText(
    byOrder(otherProviderQuestionAnswers).map((item) => item.question),
  );
});
