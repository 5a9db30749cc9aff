import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { act, cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { queryClient } from 'shared/query/query-client';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mswServer } from './msw-server';
import { resetStores } from './store-resets';

vi.mock('zustand', () => import('./zustand-mock'));

// Browser-side tests (jsdom) get the mock provider and DOM cleanup. Server tests run in the
// node environment against real local HTTP, which the mock provider must not intercept.
const inBrowser = typeof document !== 'undefined';

// CI runs every package's tests at once on two cores: a lazy import or an error boundary can
// then take over a second to show. findBy*/waitFor wait up to 5 s (a hang still fails).
configure({ asyncUtilTimeout: 5_000 });

if (inBrowser) {
  // A request's body reaches msw through Node's fetch (undici), which since Node 24 takes only
  // its own Blob, File and FormData: jsdom's would throw there (or lose their names and bytes).
  // The tests' files and forms are Node's, as a browser's are its fetch's own.
  const form = await new Response('', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }).formData();
  Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: form.constructor });
  // jsdom lays nothing out and has no scrolling: a component that brings something into view
  // calls a no-op here, which a test may spy on.
  Element.prototype.scrollIntoView ??= () => undefined;
  beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => mswServer.close());
}

// A console.error nobody expected fails the test: React warnings are bugs.
let consoleErrors: string[] = [];
let expectedErrors: RegExp[] = [];
beforeEach(() => {
  consoleErrors = [];
  expectedErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(describe).join(' '));
  });
});

function describe(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
}

// One hook, so the page is always cleaned up before the console check may throw: a failed
// test must never leave its DOM, handlers or cookies to the next one.
afterEach(() => {
  try {
    if (inBrowser) {
      mswServer.resetHandlers();
      // Unmount first, so a reset store (a logged-out session, say) never renders into a page
      // the test is finished with.
      cleanup();
      // One QueryClient per page, as in the app: each test starts with an empty cache.
      queryClient.clear();
      for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
    }
    act(() => resetStores());
  } finally {
    vi.mocked(console.error).mockRestore();
  }
  const unexpected = consoleErrors.filter(
    (line) => !expectedErrors.some((pattern) => pattern.test(line)),
  );
  if (unexpected.length > 0) {
    throw new Error(`console.error was called:\n${unexpected.join('\n')}`);
  }
});

/**
 * Call in a test that means to provoke console.error (an error boundary's report, say): only
 * messages that match `pattern` are allowed; any other console.error still fails the test.
 */
export function expectConsoleError(pattern: RegExp): void {
  expectedErrors.push(pattern);
}
