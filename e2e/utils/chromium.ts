import { existsSync } from 'node:fs';

/** CHROME_PATH, else Debian's chromium when present, else Playwright's own browser. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** How every test's browser starts: headless on a machine with no network beyond loopback. */
export function chromiumLaunchOptions() {
  const executablePath = chromiumPath();
  return {
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
