import { test as base, expect } from '@playwright/test';
import { mockProvider } from './utils/provider-utils';

interface Fixtures {
  /** Console errors, console warnings and uncaught page errors seen during the test. */
  consoleProblems: string[];
  /** Whether /api and /media are answered from contract fixtures (default) or by the sandbox. */
  mockedProvider: boolean;
  provider: undefined;
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
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
  },
});

export { expect };
