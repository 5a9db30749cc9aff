import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mswServer } from './msw-server';

vi.mock('zustand', () => import('./zustand-mock'));

// Browser-side tests (jsdom) get the mock provider and DOM cleanup. Server tests run in the
// node environment against real local HTTP, which the mock provider must not intercept.
const inBrowser = typeof document !== 'undefined';

// CI runs every package's tests at once on two cores: a lazy import or an error boundary can
// then take over a second to show. findBy*/waitFor wait up to 5 s (a hang still fails).
configure({ asyncUtilTimeout: 5_000 });

if (inBrowser) {
  beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => mswServer.close());
}

// A console.error nobody expected fails the test: React warnings are bugs.
let unexpectedErrors: unknown[][] = [];
beforeEach(() => {
  unexpectedErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});

// One hook, so the page is always cleaned up before the console check may throw: a failed
// test must never leave its DOM, handlers or cookies to the next one.
afterEach(() => {
  const spy = vi.mocked(console.error);
  const expected = (spy as unknown as { expected?: boolean }).expected === true;
  try {
    if (inBrowser) {
      mswServer.resetHandlers();
      cleanup();
      for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
    }
  } finally {
    spy.mockRestore();
  }
  if (unexpectedErrors.length > 0 && !expected) {
    throw new Error(
      `console.error was called:\n${unexpectedErrors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});

/** Call in a test that means to provoke console.error (an error boundary's report, say). */
export function expectConsoleError(): void {
  (vi.mocked(console.error) as unknown as { expected?: boolean }).expected = true;
}
