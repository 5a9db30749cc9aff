import type { LaunchOptions } from '@playwright/test';

/** FIREFOX_PATH, else Debian's firefox-esr (`.ci/run` installs it). */
export const firefoxPath = () => process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * Firefox as customers have it, driven through WebDriver BiDi (Playwright's `moz-firefox`
 * channel), not Playwright's own build, which cannot be downloaded here. Playwright 1.65 is
 * patched for it (patches/playwright-core@1.65.1.patch, see the e2e README). The profile
 * Playwright writes already keeps Firefox off the network (updates, safe browsing, telemetry).
 */
export function firefoxLaunchOptions(): LaunchOptions {
  return { channel: 'moz-firefox', executablePath: firefoxPath() };
}
