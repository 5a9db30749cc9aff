// @vitest-environment node
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setProviderAddress } from 'host/render-page';
import { sessionLimitsFromEnv } from 'release-contract/config-from-env';
import { customer, loanLimit, loans } from 'shared/testing/fixtures';
import type { StaticServer } from './http/static-server';
import { buildPageServerApp } from './page-server-app';
import { inProcessRenderer } from './render/testing/in-process-parts';
import { ORDERS_PATH, standInLoansSlots } from './render/testing/stand-in-loans-slots';
import { sealSession } from './session/sealed-session';
import { sessionKeys } from './session/session-keys';
import { hostRootForTests } from './telemetry/testing/host-root';

/*
 * A customer's home page as the page server serves it (issue 54): their account read by the
 * host's part, then the loans slice's three slots, each showing the payment orders, rendered by
 * the render bundle's own functions as a worker renders them; every read asked of a provider
 * that counts what it is asked, with the session the page server holds.
 */

const SESSION_SECRET = 'a-test-secret-that-is-long-enough-to-be-a-key';

const answers: Record<string, unknown> = {
  '/api/user/details/': customer,
  '/api/user/user/loan_limit/': loanLimit,
  '/api/user/notifications/unread_count/': { unread: 2 },
  '/api/loan/loan/': loans,
  [ORDERS_PATH]: [],
};

let provider: Server;
let providerUrl: string;
/** What the provider was asked, path and query, in order. */
let asked: string[];
let root: string;
let app: StaticServer;

beforeAll(async () => {
  provider = createServer((request, response) => {
    const url = request.url ?? '';
    asked.push(url);
    response.setHeader('Content-Type', 'application/json');
    // Not at once, as a provider answers: the slots' reads overlap.
    setTimeout(() => {
      if (!(url in answers)) {
        response.statusCode = 404;
        response.end(JSON.stringify({ detail: 'Not found.', code: 'not_found' }));
        return;
      }
      response.end(JSON.stringify(answers[url]));
    }, 20);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  // The render worker's own setting: the slices' calls of a customer's page go to the page server.
  setProviderAddress('http://provider.invalid');
});

afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

/** A session as a login through the host leaves it in the `user` cookie. */
async function sealedSession(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const session = { id: 'a-session', access: 'a', refresh: 'r', began: now, used: now };
  return sealSession(session, sessionKeys({ SESSION_SECRET }), sessionLimitsFromEnv({}));
}

beforeEach(async () => {
  asked = [];
  root = hostRootForTests();
  app = await buildPageServerApp({
    root,
    apiUpstream: providerUrl,
    env: { HOST_ORIGINS: 'http://localhost', SESSION_SECRET },
    pageRenderer: inProcessRenderer(standInLoansSlots, 'ssr/remote-entry.cccc.cjs'),
  });
});

afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a customer’s home page from the page server', () => {
  it('asks the provider for their payment orders once, though the notice, the next payment and the loans each show them', async () => {
    const page = await app.inject({
      url: '/',
      headers: {
        cookie: `user=${await sealedSession()}`,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"audience":"customer"');
    for (const text of ['notice', 'next payment', 'loans']) {
      expect(page.body).toContain(`${text}: 0 orders`);
    }
    expect(asked.filter((url) => url === ORDERS_PATH)).toHaveLength(1);
    // Every other read once too: the account for the whole page.
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
  });
});
