/**
 * Full-page screenshots of a served build at a phone's and a desktop's width, to look at what
 * a customer sees. Run against `pnpm start`:
 *   pnpm --filter e2e exec tsx scripts/screenshots.ts [out-dir] [path] [personal-number]
 * With a personal number (a sandbox user, password Sandbox123) the pages are taken logged in.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../utils/chromium';
import { scrollThroughPage } from '../utils/page-utils';
import { HOST_URL } from '../utils/urls';

const [outDir = 'screenshots', route = '/', personalNumber] = process.argv.slice(2);
const base = process.env.HOST_URL ?? HOST_URL;
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions());
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: name === 'phone',
    hasTouch: name === 'phone',
  });
  const page = await context.newPage();
  if (personalNumber) {
    const response = await page.request.post(`${base}/api/user/api/token/`, {
      data: { username: personalNumber, password: 'Sandbox123' },
    });
    const tokens = (await response.json()) as { access: string; refresh: string };
    await context.addCookies([
      { name: 'user', value: encodeURIComponent(JSON.stringify(tokens)), url: base },
    ]);
  }
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000);
  const file = path.join(outDir, `${name}${personalNumber ? `-${personalNumber}` : ''}.png`);
  await page.screenshot({ path: file, fullPage: name === 'desktop' });
  // The whole page, after scrolling through it: what sits below the fold loads as it nears.
  await scrollThroughPage(page);
  // The load state was reached before scrolling started these loads: give them time.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: file.replace('.png', '-full.png'), fullPage: true });
  console.info(file);
  await context.close();
}
await browser.close();
