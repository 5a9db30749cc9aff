import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../utils/chromium';

/*
 * Printed before every e2e run: what a run proves depends on the browser it ran in (a newer
 * Chromium once reported CSP violations an older one let pass, issue 16).
 */
const options = chromiumLaunchOptions();
const browser = await chromium.launch(options);
console.info(
  `e2e browser: Chromium ${browser.version()} (${options.executablePath ?? "Playwright's own"})`,
);
await browser.close();
