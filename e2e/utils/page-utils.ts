import { expect, type Page } from '@playwright/test';
import { HOST_URL } from './urls';

/**
 * Scrolls through the whole page as a reader would, half a screen every two frames, so the
 * slots that load only near the viewport (the slider and the questions, decision 014) come in.
 * A step waits for two frames or 100 ms, whichever comes first: a page that stops drawing frames
 * (seen once on desktop and once at phone width, the test held until its timeout) must not hold
 * the scroll; what the test then waits for says what did not come.
 * No named functions inside: tsx would wrap them in a helper the page does not have.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // At least 200 px a step, and a bounded number of steps: a viewport read as 0 px high
    // would hold this loop in place for good.
    for (
      let y = 0, steps = 0;
      y <= document.documentElement.scrollHeight && steps < 200;
      y += Math.max(200, innerHeight / 2), steps += 1
    ) {
      scrollTo(0, y);
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 100);
      });
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
      setTimeout(resolve, 100);
    });
  });
}

/**
 * Has the browser render the host's pages itself, as it does a customer's: the server's page
 * state is taken out of each page, so the slots ask the provider from the browser (where a test
 * answers for it) instead of hydrating what the server's provider said (decision 020).
 */
export async function renderInBrowser(page: Page): Promise<void> {
  // A page the test answers has no address space of its own: Chrome would take it for a
  // public page and refuse its requests to the remotes on localhost. The real page is local.
  await page.context().grantPermissions(['local-network-access']);
  await page.route(
    (url) => url.origin === new URL(HOST_URL).origin && !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="page-state">.*?<\/script>/s,
        '',
      );
      await route.fulfill({ response, body: html });
    },
  );
}

/**
 * Waits until nothing on the page runs an animation for ever (a skeleton's shimmer, a spinner):
 * once a page has settled, one left running, seen or below the fold, keeps a phone drawing
 * sixty frames a second for as long as the page is open.
 */
export async function expectNoEndlessAnimation(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          )
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return target ? target.outerHTML.slice(0, 120) : String(animation.id);
          }),
      ),
    )
    .toEqual([]);
}
