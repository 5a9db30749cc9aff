import type { Page, Response } from '@playwright/test';
import { figuresOf, parseMetrics } from 'deploy/release-metrics';
import { RUM_PATH, RUM_VIEW_PARAM } from 'release-contract/rum-events';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { type ExpectedConsoleError, expect, test } from '../fixtures';
import { unanswered } from '../utils/console-utils';
import { metricsText, pinnedRelease, sampleValue } from '../utils/metrics-utils';
import { SERVED } from '../utils/tags';
import { remoteFile } from '../utils/urls';

// The pages' own signals (decision 029) reach the page servers' metrics through nginx, named
// by the slice and release they belong to. The metrics are the page servers' (`pnpm test:prod`).

/**
 * Until the page has sent a beacon that contains `needle` and the server has answered it as
 * evidence (204: its page's view token checked, decision 034); that answer.
 */
async function reported(
  page: Page,
  needle: string,
  act: () => Promise<unknown>,
): Promise<Response> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === RUM_PATH &&
      (response.request().postData() ?? '').includes(needle),
  );
  await act();
  const response = await answered;
  expect(response.status()).toBe(204);
  return response;
}

/** Makes the page hidden, as a phone's switch of app does: web-vitals and the reporter send. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

const slotCaught: ExpectedConsoleError = {
  text: /^Error: \[ Federation Runtime \]: .* #RUNTIME-003\nargs: \{[^\n]*"remote_home"/,
};

test.describe("real-user signals in the page servers' metrics", { tag: SERVED }, () => {
  test("a slot's failure in a browser is in the next scrape, under its slice and release", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(
      unanswered('ERR_CONNECTION_REFUSED', remoteFile('remote_home', 'mf-manifest.json')),
      slotCaught,
    );
    const release = pinnedRelease();
    const labels = { slice: 'remote_home', release, kind: 'slot' };
    const before = sampleValue(await metricsText(), 'lender_rum_errors_total', labels);
    await page.route(remoteFile('remote_home', 'mf-manifest.json'), (route) =>
      route.abort('connectionrefused'),
    );
    await reported(page, '"kind":"slot","slice":"remote_home"', () => page.goto('/'));
    const after = sampleValue(await metricsText(), 'lender_rum_errors_total', labels);
    expect(after).toBeGreaterThan(before);
    // Nothing of the page went with it: its address, its text, its amounts.
    expect(await metricsText()).not.toMatch(/localhost:\d+\/|მიუწვდომელია|₾/);
  });

  test('a slow interaction with the calculator is attributed to remote-home', async ({ page }) => {
    const release = pinnedRelease();
    const labels = { slice: 'remote_home', release };
    const slowBefore = () =>
      metricsText().then(
        (text) =>
          sampleValue(text, 'lender_rum_inp_seconds_count', labels) -
          sampleValue(text, 'lender_rum_inp_seconds_bucket', { ...labels, le: '0.2' }),
      );
    const before = await slowBefore();
    await page.goto('/');
    const calculator = page.getByRole('region', { name: kaCalculator.title });
    const field = calculator.getByRole('textbox', { name: kaCalculator.amountField });
    await expect(field).toHaveValue('1000');
    // The web-vitals chunk loads after the page's load: until then nothing observes.
    await page.waitForLoadState('networkidle');
    // A key whose handling holds the main thread for 400 ms: a poor INP (> 200 ms).
    await field.evaluate((element) =>
      element.addEventListener('keydown', () => {
        const until = performance.now() + 400;
        while (performance.now() < until) {
          // busy
        }
      }),
    );
    await field.focus();
    await field.press('End');
    await field.press('Backspace');
    await reported(page, '"name":"INP","value"', () => hide(page));
    await expect.poll(slowBefore).toBeGreaterThan(before);
    // The calculator answers for 100 ₾ as it would have.
    await expect(field).toHaveValue('100');
    await expect(calculator.locator('[data-stale]')).toHaveCount(0);
  });

  test("a cross-site beacon naming the release moves none of the judge's figures; the page's own beacon does", async ({
    page,
    request,
  }) => {
    const release = pinnedRelease();
    const now = async () => {
      const text = await metricsText();
      return {
        judged: figuresOf(parseMetrics(text), 'remote_home', release),
        apart: (outcome: string) => sampleValue(text, 'lender_rum_beacons_total', { outcome }),
      };
    };
    const before = await now();
    // A real page: its view reaches its release's figures, with the token it was sent with.
    const answered = await reported(page, '"type":"view","slice":"remote_home"', () =>
      page.goto('/'),
    );
    const token = new URL(answered.url()).searchParams.get(RUM_VIEW_PARAM);
    expect(token).toBeTruthy();
    const seen = await now();
    expect(seen.judged.views).toBe(before.judged.views + 1);
    expect(seen.judged.pages).toBeGreaterThan(before.judged.pages);

    // Issue 45, row 10: one cross-site text/plain beacon, five views and an error; then clean
    // views on the real page's token, replayed.
    const home = { slice: 'remote_home', release };
    const body = (events: unknown[]) => JSON.stringify({ v: 1, route: 'index', events });
    const crossSite = await request.post(RUM_PATH, {
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' },
      data: body([
        ...Array.from({ length: 5 }, () => ({ type: 'view', ...home })),
        { type: 'error', kind: 'uncaught', ...home },
      ]),
    });
    expect(crossSite.status()).toBe(202);
    const replayed = await request.post(`${RUM_PATH}?${RUM_VIEW_PARAM}=${token}`, {
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' },
      data: body(Array.from({ length: 32 }, () => ({ type: 'view', ...home }))),
    });
    expect(replayed.status()).toBe(202);

    const after = await now();
    expect(after.judged.views).toBe(seen.judged.views);
    expect(after.judged.erred).toBe(seen.judged.erred);
    expect(after.judged.errors).toBe(seen.judged.errors);
    expect(after.apart('no_token')).toBe(seen.apart('no_token') + 1);
    expect(after.apart('over_budget')).toBe(seen.apart('over_budget') + 1);
  });
});
