import { test as base, expect } from '@playwright/test';
import { axeViolations } from './utils/axe';
import type { ExpectedConsoleError } from './utils/console-utils';
import { PHONE_WIDTHS, sidewaysOverflow } from './utils/layout-utils';
import { mockProvider } from './utils/provider-utils';
import { isOnTheSite } from './utils/urls';

interface ConsoleEntry {
  kind: 'error' | 'pageerror';
  text: string;
  url: string;
}

interface Fixtures {
  /** Console errors, console warnings and uncaught page errors seen during the test. */
  consoleProblems: string[];
  /**
   * Fails every test whose page logged a console error or threw an uncaught error that the
   * test did not allow (the provider's 4xx answers excepted, see isProviderAnswer). Its value
   * is the test's allowances; tests add to it through allowConsoleErrors. Warnings are not
   * counted here, only by consoleProblems: the suite is not clean of them (Chrome warns that
   * remote manifests the host preloads on pages other than the home page go unused, and the
   * federation runtime warns about every remote failure a test injects).
   */
  consoleGuard: ExpectedConsoleError[];
  /**
   * Allows the console errors a test provokes on purpose (an injected failure), each as narrow
   * as it can be said. Every allowance must be used (unless marked optional): one that matched
   * nothing fails the test, so an allowance also asserts the failure was reported.
   */
  allowConsoleErrors: (...expected: ExpectedConsoleError[]) => void;
  /** Whether /api and /media are answered from contract fixtures (default) or by the sandbox. */
  mockedProvider: boolean;
  provider: undefined;
  /**
   * Fails the test on any Content-Security-Policy violation: one the page logs, or a report
   * the browser sends (CSP reports go out from any document, a detached one included).
   */
  cspGuard: undefined;
  /**
   * Fails the test on any request a page makes off the site (the host and the remotes' origins):
   * nothing the provider sends may make the browser call a third party.
   */
  siteGuard: undefined;
  /**
   * Origins off the site a test may go to on purpose (the bank's payment page, contract v1.3):
   * any other request off the site still fails the test.
   */
  offSiteOrigins: readonly string[];
  /** Runs axe on the state each test ends in (tests check the states they pass through). */
  axeAtEnd: undefined;
  /**
   * Fails a test whose end state is wider than the screen at phone widths (320 and 390 px),
   * whatever width it ran at: nothing a customer opens may make the page pan sideways.
   */
  overflowAtEnd: undefined;
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

function matches(expected: ExpectedConsoleError, entry: ConsoleEntry): boolean {
  return expected.text.test(entry.text) && (expected.url?.test(entry.url) ?? true);
}

const describeEntry = (entry: ConsoleEntry) =>
  `${entry.kind}: ${entry.text}${entry.url ? ` (${entry.url})` : ''}`;

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
    async ({ page, context }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      context.on('request', (request) => {
        if (new URL(request.url()).pathname !== '/csp-report') return;
        violations.push(`report: ${request.postData() ?? ''}`);
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  offSiteOrigins: [[], { option: true }],
  siteGuard: [
    async ({ context, offSiteOrigins }, use) => {
      const offSite: string[] = [];
      context.on('request', (request) => {
        if (isOnTheSite(request.url())) return;
        if (offSiteOrigins.includes(new URL(request.url()).origin)) return;
        offSite.push(`${request.method()} ${request.url()}`);
      });
      await use(undefined);
      expect(offSite, 'requests off the site').toEqual([]);
    },
    { auto: true },
  ],
  overflowAtEnd: [
    async ({ page, javaScriptEnabled }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      if (!page.url().startsWith('http')) return;
      const height = page.viewportSize()?.height ?? 844;
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height });
        const spill = await sidewaysOverflow(page, { scripted: javaScriptEnabled !== false });
        expect(spill, `the end state at ${width} px`).toEqual([]);
      }
    },
    { auto: true },
  ],
  axeAtEnd: [
    async ({ page, javaScriptEnabled }, use, testInfo) => {
      await use(undefined);
      // A test that failed has said what is wrong; a page never opened has nothing to check.
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      // axe runs as a script in the page: a page without JavaScript cannot run it (the same
      // pages are checked with it by accessibility.spec.ts).
      if (javaScriptEnabled === false) return;
      if (!page.url().startsWith('http')) return;
      expect(await axeViolations(page), 'axe, on the state the test ended in').toEqual([]);
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ page }, use, testInfo) => {
      const seen: ConsoleEntry[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const url = message.location().url;
        if (isProviderAnswer(message.text(), url)) return;
        seen.push({ kind: 'error', text: message.text(), url });
      });
      page.on('pageerror', (error) =>
        seen.push({ kind: 'pageerror', text: error.message, url: '' }),
      );
      const allowed: ExpectedConsoleError[] = [];
      await use(allowed);
      const used = new Set<ExpectedConsoleError>();
      const unexpected = seen.filter((entry) => {
        const allowance = allowed.find((expected) => matches(expected, entry));
        if (allowance) used.add(allowance);
        return !allowance;
      });
      expect(unexpected.map(describeEntry), 'console errors nobody expected').toEqual([]);
      // A test that failed may not have reached the failure it allowed.
      if (testInfo.status !== 'passed') return;
      const unused = allowed.filter((expected) => !expected.optional && !used.has(expected));
      expect(
        unused.map((expected) => `${expected.text} ${expected.url ?? ''}`),
        'allowed console errors that never came',
      ).toEqual([]);
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ consoleGuard }, use) => {
    await use((...expected) => {
      consoleGuard.push(...expected);
    });
  },
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

export type { ExpectedConsoleError };
export { expect };
