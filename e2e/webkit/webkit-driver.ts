import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, type WebDriver } from 'selenium-webdriver';

/** Debian's WebKitGTK browser for automation (package libwebkit2gtk-4.1-0), or WEBKIT_BROWSER. */
export function miniBrowserPath(): string {
  const found = [
    process.env.WEBKIT_BROWSER,
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  ].find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("No MiniBrowser: install Debian's webkit2gtk-driver (.ci/run does)");
  return found;
}

/** A port nobody listens on, asked of the system (the product's ports are fixed, not this). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function answers(url: string, deadline: number): Promise<void> {
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface WebKitSession {
  driver: WebDriver;
  version: string;
  close: () => Promise<void>;
}

/**
 * WebKitGTK's MiniBrowser driven by its WebDriver (Debian's `WebKitWebDriver`), through the
 * plain W3C client: the driver is started here on a port of its own, so no driver is looked
 * for or downloaded. Needs an X display (`xvfb-run`).
 */
export async function startWebKit(): Promise<WebKitSession> {
  const port = await freePort();
  const driverProcess: ChildProcess = spawn(
    process.env.WEBKIT_WEBDRIVER || 'WebKitWebDriver',
    [`--port=${port}`],
    { stdio: 'ignore' },
  );
  const stopDriver = () => {
    if (driverProcess.exitCode === null) driverProcess.kill('SIGTERM');
  };
  try {
    await answers(`http://127.0.0.1:${port}/status`, Date.now() + 20_000);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      })
      .build();
    const capabilities = await driver.getCapabilities();
    return {
      driver,
      version: String(capabilities.get('browserVersion')),
      close: async () => {
        await driver.quit().catch(() => {});
        stopDriver();
      },
    };
  } catch (error) {
    stopDriver();
    throw error;
  }
}
