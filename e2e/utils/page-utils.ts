import type { Page } from '@playwright/test';

/**
 * Scrolls through the whole page as a reader would, half a screen every two frames, so the
 * slots that load only near the viewport (the slider and the questions, decision 014) come in.
 * No named functions inside: tsx would wrap them in a helper the page does not have.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
