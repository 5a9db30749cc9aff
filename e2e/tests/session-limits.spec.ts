import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { PAGE_SERVER_NODE_FLAGS } from 'page-server/inspector-guard';
import { localPublicKey, localRolloutFile } from 'page-server/releases/local-rollout';
import { SESSION_ENDED_HEADER, SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { expect, test } from '../fixtures';
import { REPO_ROOT } from '../utils/redeploy-utils';
import { E2E_SANDBOX_ENV } from '../utils/sandbox-env';

/*
 * The server ends an idle session (issue 29, decision 027): a page server of its own, with
 * SESSION_IDLE_SECONDS=10, beside the suite's, on the same sandbox and releases. Reads are
 * not activity: a page that keeps polling cannot keep a session the customer left.
 */

const PORT = 3070;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// Short: the test waits past it in real time, and the suite runs one test at a time.
const IDLE_SECONDS = 10;
/** How often the page of the test reads: four reads, the last well inside the limit. */
const READ_EVERY_MS = 2_000;

let host: ChildProcess | undefined;

test.beforeAll(async () => {
  host = spawn('node', [...PAGE_SERVER_NODE_FLAGS, 'dist/serve-page-server.mjs'], {
    cwd: path.join(REPO_ROOT, 'page-server'),
    env: {
      ...process.env,
      ...E2E_SANDBOX_ENV,
      HOST_PORT: String(PORT),
      HOST_ORIGINS: ORIGIN,
      SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
      SESSION_WARNING_SECONDS: '3',
      // The suite's servers rolled today's builds out (decision 025): this one meets the same.
      RELEASES_SOURCE: localRolloutFile(REPO_ROOT),
      RELEASES_PUBLIC_KEY: localPublicKey(REPO_ROOT),
    },
    detached: true,
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/static`).then(
          (answer) => answer.status,
          () => 0,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (host?.pid) process.kill(-host.pid, 'SIGTERM');
});

test('a session left alone longer than SESSION_IDLE_SECONDS is refused by the server, however often a page reads', async () => {
  test.setTimeout(120_000);
  const customer = await playwrightRequest.newContext({ baseURL: ORIGIN });
  try {
    const login = await customer.post('/api/user/api/token/', {
      data: { username: '01001000001', password: 'Sandbox123' },
    });
    expect(login.status()).toBe(200);
    const started = Date.now();

    // A page that polls its data every 2 s: each read is answered, none restarts the clock.
    // The last one well inside the limit: one on its edge could already end the session (the
    // server counts whole seconds), and the refusal below must be the one that ends it.
    for (let read = 0; read < 4; read += 1) {
      if (read > 0) await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      expect((await customer.get('/api/user/details/')).status()).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan((IDLE_SECONDS - 2) * 1000);
    // Left alone past the limit: 15 s after the login.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + (IDLE_SECONDS + 5) * 1000 - Date.now())),
    );

    const refused = await customer.get('/api/user/details/');
    expect(refused.status()).toBe(401);
    expect(refused.headers()[SESSION_ENDED_HEADER.toLowerCase()]).toBe('inactive');
    const cleared = refused
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'set-cookie')
      .map((header) => header.value);
    for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE]) {
      expect(cleared).toContainEqual(expect.stringMatching(new RegExp(`^${name}=;.*Max-Age=0`)));
    }
    const left = (await customer.storageState()).cookies.map((cookie) => cookie.name);
    expect(left).not.toContain(SESSION_COOKIE);
  } finally {
    await customer.dispose();
  }
});
