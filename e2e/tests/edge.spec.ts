import { execFileSync } from 'node:child_process';
import { type ExactRequest, exactRequest } from 'page-server/http/raw-request';
import { commonSecurityHeaders } from 'page-server/http/security-headers';
import { HOST_APP, portOf } from 'release-contract/apps';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { expect, test } from '../fixtures';
import { REPO_ROOT } from '../utils/redeploy-utils';
import { readReleases, withRelease, writeReleases } from '../utils/releases-document-utils';
import { SERVED } from '../utils/tags';

/*
 * Issue 45's probes of the edge, sent as the attacker sent them (raw paths: fetch would resolve
 * them first), through `pnpm start` and through nginx (decision 033). In the nginx pass nginx
 * trusts 127.0.0.1 as its TLS terminator (playwright.config.ts); the Node servers trust no one.
 */

const viaNginx = process.env.E2E_SERVER === 'nginx';
const port = portOf(HOST_APP);
const SITE = `127.0.0.1:${port}`;
const JSON_BODY = { 'content-type': 'application/json' };
const credentials = (username: string) => JSON.stringify({ username, password: 'Sandbox123' });

/** One request to the site, its path as written. */
const ask = (asked: ExactRequest) =>
  exactRequest(port, { ...asked, headers: { host: SITE, ...asked.headers } });

const cookieLines = (headers: Record<string, unknown>) =>
  ([] as string[]).concat((headers['set-cookie'] as string[] | undefined) ?? []);

const EVERY_ANSWER = Object.fromEntries(
  Object.entries(commonSecurityHeaders(false)).map(([name, value]) => [name.toLowerCase(), value]),
);

test('a path that climbs out of the provider’s folders is refused however it is spelt, and the customer is left alone', {
  tag: SERVED,
}, async () => {
  const outbox = '__sandbox/outbox?to=555000002';
  for (const spelling of [
    `/api/%2e%2e/${outbox}`,
    `/api/%2E%2E/${outbox}`,
    `/api/.%2e/${outbox}`,
    `/api/../${outbox}`,
    `/api/%2e%2e%2f${outbox}`,
    `/api/..%5c${outbox}`,
    `/api/%252e%252e/${outbox}`,
  ]) {
    const answer = await ask({ path: spelling });
    expect(answer.status, spelling).toBe(400);
    expect(answer.headers['content-type'], spelling).toMatch(/^text\/plain/);
    expect(answer.headers, spelling).toMatchObject(EVERY_ANSWER);
    expect(answer.body, spelling).not.toContain('recipient');
  }

  const ban = await ask({
    path: '/media/%2e%2e/__sandbox/users/01001000005/ban',
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({ banned: true }),
  });
  expect(ban.status).toBe(400);
  // Not banned: the customer still logs in.
  const login = await ask({
    path: '/api/user/api/token/',
    method: 'POST',
    headers: JSON_BODY,
    body: credentials('01001000005'),
  });
  expect(login.status, login.body).toBe(200);
});

test('the login is the host’s whatever the spelling of its path: no token reaches the page', {
  tag: SERVED,
}, async () => {
  for (const spelling of [
    '/api/user/api/%74oken/',
    '/api/user/api/to%6Ben/',
    '/api/user/api/to%6ben/?next=1',
    '/api//user/api/token/',
  ]) {
    const login = await ask({
      path: spelling,
      method: 'POST',
      headers: JSON_BODY,
      body: credentials('01001000001'),
    });
    expect(login.status, spelling).toBe(200);
    expect(login.body, spelling).not.toMatch(/access|refresh/);
    expect(JSON.parse(login.body), spelling).toHaveProperty('idle_seconds');
    expect(cookieLines(login.headers).join('\n'), spelling).toMatch(/^user=[\w-]+\./m);
  }
});

test('the scheme a trusted TLS terminator saw reaches the page servers, and nobody else’s claim', {
  tag: SERVED,
}, async () => {
  const claimingHttps = (localAddress?: string) => ({
    headers: { 'x-forwarded-proto': 'https' },
    ...(localAddress ? { localAddress } : {}),
  });
  const sawHttps = async (localAddress?: string) => {
    const claim = claimingHttps(localAddress);
    const login = await ask({
      ...claim,
      path: '/api/user/api/token/',
      method: 'POST',
      headers: { ...claim.headers, ...JSON_BODY },
      body: credentials('01001000001'),
    });
    expect(login.status, login.body).toBe(200);
    const session = cookieLines(login.headers).find((line) => line.startsWith('user=')) ?? '';
    const page = await ask({ ...claim, path: '/static' });
    expect(page.status).toBe(200);
    return {
      secureCookie: /;\s*Secure/i.test(session),
      hsts: page.headers['strict-transport-security'] !== undefined,
      upgrade: String(page.headers['content-security-policy']).includes(
        'upgrade-insecure-requests',
      ),
    };
  };
  // nginx's terminator on 127.0.0.1 (the Node servers trust no proxy: the claim is anyone's).
  const all = { secureCookie: viaNginx, hsts: viaNginx, upgrade: viaNginx };
  expect(await sawHttps()).toEqual(all);
  // Another peer claims the same: nginx believes only its terminator.
  if (viaNginx) {
    expect(await sawHttps('127.0.0.2')).toEqual({
      secureCookie: false,
      hsts: false,
      upgrade: false,
    });
  }
});

test('a client’s X-Forwarded-Host names nothing: the site answers as the site', {
  tag: SERVED,
}, async () => {
  for (const localAddress of viaNginx ? [undefined, '127.0.0.2'] : [undefined]) {
    const page = await ask({
      path: '/static',
      headers: { 'x-forwarded-host': 'evil.example' },
      ...(localAddress ? { localAddress } : {}),
    });
    expect(page.status, localAddress).toBe(200);
    expect(page.body, localAddress).toContain('id="runtime-config"');
  }
});

test.describe('with a canary under way', { tag: SERVED }, () => {
  let releases: ReleasesDocument | undefined;
  const render = () =>
    execFileSync('pnpm', ['--silent', '--filter', 'deploy', 'nginx', 'render'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
  /** Whether the page servers give a new visitor a bucket (they read their configuration each second). */
  const bucketsGiven = async () =>
    cookieLines((await ask({ path: '/' })).headers).some((line) =>
      line.startsWith('lender_bucket='),
    );

  test.beforeAll(async () => {
    if (!viaNginx) return;
    const before = readReleases();
    releases = before;
    // The stable release as its own canary: a canary's pages without building one.
    writeReleases(
      withRelease(before, 'remote_home', (home) => ({
        ...home,
        canary: {
          manifestUrl: home.manifestUrl,
          percent: 50,
          ...(home.integrity ? { integrity: home.integrity } : {}),
        },
      })),
    );
    render();
    await expect.poll(bucketsGiven).toBe(true);
  });

  test.afterAll(async () => {
    if (!viaNginx) return;
    if (releases) writeReleases(releases);
    render();
    await expect.poll(bucketsGiven).toBe(false);
  });

  test('a page for a bucket is private at the edge too, and so is the one that gives it', async () => {
    test.skip(!viaNginx, 'nginx’s edge: the page server’s own answer is the same without it');
    const given = await ask({ path: '/' });
    expect(cookieLines(given.headers).some((line) => line.startsWith('lender_bucket='))).toBe(true);
    expect(given.headers['cache-control']).toBe('private, no-cache');
    const kept = await ask({ path: '/', headers: { cookie: 'lender_bucket=5' } });
    expect(kept.headers['cache-control']).toBe('private, no-cache');
  });
});
