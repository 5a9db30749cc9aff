import { chromium, firefox } from '@playwright/test';
import { chromiumLaunchOptions } from '../utils/chromium';
import { firefoxLaunchOptions } from '../utils/firefox';

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
// The firefox project's, when there is one here (`.ci/run` installs it; the nginx pass has none).
const firefoxOptions = firefoxLaunchOptions();
const second = await firefox.launch(firefoxOptions).catch(() => undefined);
console.info(
  second
    ? `e2e browser: Firefox ${second.version()} (${firefoxOptions.executablePath})`
    : `e2e browser: no Firefox at ${firefoxOptions.executablePath}`,
);
await second?.close();
