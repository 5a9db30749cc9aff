import { expect, type Locator, type Page } from '@playwright/test';

/** The phone widths every test's end state is checked at: a small phone and a common one. */
export const PHONE_WIDTHS = [390, 320] as const;

/**
 * What makes the page wider than the screen, if anything: the page's width and the innermost
 * elements that reach past its right edge (not those inside a box that scrolls or clips them,
 * which is how a wide table is meant to fit). Empty when nothing spills sideways.
 */
export async function sidewaysOverflow(page: Page, { scripted = true } = {}): Promise<string[]> {
  return page.evaluate(async (settle) => {
    // After the page's own scripts have laid it out (a page without them has no frames to wait);
    // two frames or 100 ms, as scrollThroughPage waits: the figures below force a layout anyway.
    if (settle) {
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 100);
      });
    }
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const edge = root.clientWidth + 1;
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== root; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const spilling = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > edge && !clipped(element),
    );
    const innermost = spilling.filter(
      (element) => !spilling.some((other) => other !== element && element.contains(other)),
    );
    const describe = (element: Element) => {
      const label = (element.textContent ?? '').trim().slice(0, 40);
      const name = `${element.localName}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      return `${name} to ${Math.round(element.getBoundingClientRect().right)} px: "${label}"`;
    };
    return [
      `the page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`,
      ...innermost.slice(0, 5).map(describe),
    ];
  }, scripted);
}

/** That `target` is in view below the sticky header, not hidden beneath it. */
export async function expectClearOfHeader(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const box = await target.boundingBox();
  if (!header || !box) throw new Error('the header or the target is not laid out');
  expect(box.y, 'the top of what the page scrolled to').toBeGreaterThanOrEqual(
    header.y + header.height,
  );
}
