import { test as base, expect } from '@playwright/test';
import { axeViolations } from './utils/axe';
import { mockProvider } from './utils/provider-utils';

interface Fixtures {
  /** Console errors, console warnings and uncaught page errors seen during the test. */
  consoleProblems: string[];
  /** Whether /api and /media are answered from contract fixtures (default) or by the sandbox. */
  mockedProvider: boolean;
  provider: undefined;
  /** Fails the test on any Content-Security-Policy violation the page reports. */
  cspGuard: undefined;
  /** Runs axe on the state each test ends in (tests check the states they pass through). */
  axeAtEnd: undefined;
}

/**
 * The browser logs every 4xx answer as a failed resource. The provider answers in DRF's way —
 * 400 for a business rule (not_verified), 401 before a token refresh, 404 for "no overdue
 * loan" — so a 4xx from /api/ is an answer the app handles, not a problem. 5xx and network
 * failures still count.
 */
function isProviderAnswer(text: string, url: string): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
    new URL(url, 'http://localhost').pathname.startsWith('/api/')
  );
}

export const test = base.extend<Fixtures>({
  mockedProvider: [true, { option: true }],
  provider: [
    async ({ page, mockedProvider }, use) => {
      if (mockedProvider) await mockProvider(page);
      await use(undefined);
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  axeAtEnd: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      // A test that failed has said what is wrong; a page never opened has nothing to check.
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      if (!page.url().startsWith('http')) return;
      expect(await axeViolations(page), 'axe, on the state the test ended in').toEqual([]);
    },
    { auto: true },
  ],
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      if (isProviderAnswer(message.text(), message.location().url)) return;
      problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
  },
});

export { expect };
