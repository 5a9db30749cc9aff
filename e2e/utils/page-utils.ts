import type { Page } from '@playwright/test';

/**
 * Scrolls through the whole page as a reader would, half a screen a frame, so the slots that
 * load only near the viewport (the slider and the questions, decision 014) come in.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await nextFrame();
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await nextFrame();
  });
}
