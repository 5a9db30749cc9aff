import http from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { headersOf, rawRequest } from 'page-server/http/raw-request';
import {
  CSP_REPORT_PATH,
  commonSecurityHeaders,
  contentSecurityPolicy,
  originOf,
} from 'page-server/http/security-headers';
import { IMMUTABLE } from 'release-contract/build-output';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { SERVED } from '../utils/tags';
import { HOST_URL, onItsOwnOrigin, type RemoteName } from '../utils/urls';

// How the product is served, asked over HTTP: the same answers from `pnpm start` (Node) and
// from `pnpm start:nginx` (this spec runs in both; E2E_SERVER=nginx is the second).

const viaNginx = process.env.E2E_SERVER === 'nginx';
const EVERY_ANSWER = commonSecurityHeaders(false);

interface RuntimeConfig {
  remotes: { name: string; manifestUrl: string }[];
}

async function runtimeConfig(request: APIRequestContext): Promise<RuntimeConfig> {
  return (await request.get(`${HOST_URL}/runtime-config.json`)).json();
}

/** The host's own script, named by its page: a content-hashed file. */
async function hostScript(request: APIRequestContext): Promise<string> {
  const page = await (await request.get(`${HOST_URL}/`)).text();
  // A server-rendered page's first script lists the host's, which it adds once the page has
  // painted (decision 031); a page the browser renders names them itself.
  const listed = /<script[^>]+data-scripts="([^" ]+\.[0-9a-f]{8}\.js)/.exec(page)?.[1];
  const src = listed ?? /<script[^>]+src="([^"]+\.[0-9a-f]{8}\.js)"/.exec(page)?.[1];
  if (!src) throw new Error('the host page names no hashed script');
  return new URL(src, HOST_URL).href;
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

test('the page allows scripts only from itself and the configured remotes, and says so on every answer', {
  tag: SERVED,
}, async ({ request }) => {
  const config = await runtimeConfig(request);
  const response = await request.get(`${HOST_URL}/`);

  expect(response.status()).toBe(200);
  expect(response.headers()).toMatchObject(lowerCased(EVERY_ANSWER));
  expect(response.headers()['content-security-policy']).toBe(
    contentSecurityPolicy({
      remoteOrigins: [...new Set(config.remotes.map((remote) => originOf(remote.manifestUrl)))],
      https: false,
      reportPath: CSP_REPORT_PATH,
    }),
  );
  expect(response.headers()['cache-control']).toBe('no-cache');
  // Plain http: no HSTS (it would pin a local name to https).
  expect(response.headers()['strict-transport-security']).toBeUndefined();
  // This spec serves through the server it says it does.
  expect(response.headers().server ?? '').toMatch(viaNginx ? /^nginx$/ : /^$/);

  for (const url of [await hostScript(request), config.remotes[0]?.manifestUrl ?? '']) {
    expect((await request.get(url)).headers(), url).toMatchObject(lowerCased(EVERY_ANSWER));
  }

  const report = await request.post(`${HOST_URL}${CSP_REPORT_PATH}`, {
    headers: { 'Content-Type': 'application/csp-report' },
    data: JSON.stringify({ 'csp-report': { 'blocked-uri': 'https://elsewhere.example/x.js' } }),
  });
  expect(report.status()).toBe(204);
});

test('every answer carries the security headers, errors included', {
  tag: SERVED,
}, async ({ request }) => {
  const config = await runtimeConfig(request);
  const remoteFolder = (config.remotes[0]?.manifestUrl ?? '').replace('mf-manifest.json', '');
  const answers = [
    `${await hostScript(request)}.map`,
    `${remoteFolder}remoteEntry.js.map`,
    `${HOST_URL}/main.0badc0de.js`,
    `${HOST_URL}${CSP_REPORT_PATH}`,
    `${HOST_URL}/api/no-such-call/`,
  ];
  for (const url of answers) {
    const response = await request.get(url);
    expect(response.status(), url).toBeGreaterThanOrEqual(400);
    expect(response.headers(), url).toMatchObject(lowerCased(EVERY_ANSWER));
  }

  // What the servers answer themselves, before any route: a malformed request, a URL and a
  // header over their limits (nginx: 400, 414, 400; Node: 400, 431, 431).
  const port = Number(new URL(HOST_URL).port);
  for (const raw of [
    'GET /\x01 HTTP/1.1\r\nHost: localhost\r\n\r\n',
    `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
  ]) {
    const answer = await rawRequest(port, raw);
    expect(answer, raw.slice(0, 24)).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(headersOf(answer), raw.slice(0, 24)).toMatchObject(lowerCased(EVERY_ANSWER));
  }
});

test('nothing internal is published: no source maps, no federation stats', {
  tag: SERVED,
}, async ({ request }) => {
  const config = await runtimeConfig(request);
  for (const remote of config.remotes) {
    const loaded = remote.manifestUrl;
    // In any spelling: its precompressed copies (issue 45), an escaped dot; on either origin.
    for (const manifest of [loaded, onItsOwnOrigin(remote.name as RemoteName, loaded)]) {
      for (const name of [
        'mf-stats.json',
        'mf-stats.json.gz',
        'mf-stats.json.br',
        'mf-stats%2ejson',
      ]) {
        const url = manifest.replace('mf-manifest.json', name);
        const stats = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
        expect(stats.status(), url).toBe(404);
        expect(await stats.text(), url).not.toContain('buildInfo');
      }
    }
    expect((await request.get(loaded)).status(), remote.name).toBe(200);
  }
  expect((await request.get(`${HOST_URL}/mf-stats.json`)).status()).toBe(404);
});

test('each page hints the remotes its first screen loads, for a visitor and for a customer', {
  tag: SERVED,
}, async ({ request }) => {
  const config = await runtimeConfig(request);
  const hinted = async (path: string, cookie?: string) => {
    const page = await (
      await request.get(`${HOST_URL}${path}`, cookie ? { headers: { Cookie: cookie } } : {})
    ).text();
    return config.remotes
      .filter((remote) => page.includes(`<link rel="preload" href="${remote.manifestUrl}"`))
      .map((remote) => remote.name);
  };
  // A session the host's server began (decision 027): the cookies its login set.
  const login = await fetch(`${HOST_URL}/api/user/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: '01001000001', password: 'Sandbox123' }),
  });
  expect(login.status).toBe(200);
  const customer = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  expect(customer).toContain(`${SESSION_COOKIE}=`);

  expect(await hinted('/')).toEqual(['remote_home']);
  // A customer's header is the host's own buttons until used: no account slice at once.
  expect(await hinted('/', customer)).toEqual(['remote_home', 'remote_loans']);
  expect(await hinted('/recovery')).toEqual(['remote_account']);
  expect(await hinted('/static', customer)).toEqual([]);
  expect(await hinted('/no-such-page')).toEqual([]);
  expect(await hinted('/no-such-page', customer)).toEqual([]);
});

test('an unknown path is the app with status 404; a missing file and a source map are plain 404s', {
  tag: SERVED,
}, async ({ request }) => {
  const route = await request.get(`${HOST_URL}/recovery`);
  expect(route.status()).toBe(200);
  expect(await route.text()).toContain('id="runtime-config"');

  const unknown = await request.get(`${HOST_URL}/no-such-page`);
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toMatch(/^text\/html/);
  expect(await unknown.text()).toContain('id="runtime-config"');

  const missing = await request.get(`${HOST_URL}/main.0badc0de.js`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toMatch(/^text\/plain/);

  const script = await hostScript(request);
  expect((await request.get(`${script}.map`)).status()).toBe(404);
  const config = await runtimeConfig(request);
  const remoteMissing = await request.get(
    (config.remotes[0]?.manifestUrl ?? '').replace('mf-manifest.json', 'gone.0badc0de.js'),
  );
  expect(remoteMissing.status()).toBe(404);
  expect(remoteMissing.headers()['content-type']).toMatch(/^text\/plain/);
});

test("hashed files are cached for good, precompressed, and so is a release's whole folder; a build folder's manifest and entry are revalidated", {
  tag: SERVED,
}, async ({ request }) => {
  const script = await hostScript(request);
  const brotli = await request.get(script, { headers: { 'Accept-Encoding': 'br' } });
  expect(brotli.headers()['cache-control']).toBe(IMMUTABLE);
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers().vary).toMatch(/Accept-Encoding/);
  const gzip = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  // The same script, whichever way it travelled.
  expect(await gzip.text()).toBe(await brotli.text());

  for (const remote of (await runtimeConfig(request)).remotes) {
    // A release is uploaded once and its folder never changes (issue 48): all of it is kept for
    // good. A remote served from its build folder (`pnpm start`) is asked again each time.
    const released = /\/releases\/[0-9a-f]{12}\//.test(new URL(remote.manifestUrl).pathname);
    const cached = released ? IMMUTABLE : 'no-cache';
    const manifest = await request.get(remote.manifestUrl);
    expect(manifest.headers()['cache-control'], remote.name).toBe(cached);
    const entry = await request.get(
      remote.manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'),
    );
    expect(entry.status(), remote.name).toBe(200);
    expect(entry.headers()['cache-control'], remote.name).toBe(cached);
  }
});

test("a remote's files are readable by the host's origin only", { tag: SERVED }, async ({
  request,
}) => {
  const home = (await runtimeConfig(request)).remotes.find(({ name }) => name === 'remote_home');
  const loaded = home?.manifestUrl ?? '';
  // Under the host's origin (nginx), the page reads it as its own: nobody else may.
  const strangers = await request.get(loaded, { headers: { Origin: 'https://elsewhere.example' } });
  expect(strangers.headers()['access-control-allow-origin']).toBeUndefined();
  // On the remote's own origin, the host's origin is allowed by CORS, and only it.
  const manifest = onItsOwnOrigin('remote_home', loaded);

  const fromHost = await request.get(manifest, { headers: { Origin: HOST_URL } });
  expect(fromHost.headers()['access-control-allow-origin']).toBe(HOST_URL);
  expect(fromHost.headers().vary).toMatch(/Origin/);

  const fromElsewhere = await request.get(manifest, {
    headers: { Origin: 'https://elsewhere.example' },
  });
  expect(fromElsewhere.status()).toBe(200);
  expect(fromElsewhere.headers()['access-control-allow-origin']).toBeUndefined();
});

/**
 * A POST that declares a body of `length` bytes and sends none of it: a server that checks
 * the declared length answers before the body would arrive. (Sending 17 MiB races the
 * server's early answer and its closing of the connection.)
 */
function postDeclaring(url: string, length: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(length) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.flushHeaders();
  });
}

test('a request body over the upload limit is refused at the door, in the contract’s shape', {
  tag: SERVED,
}, async () => {
  const url = new URL('/api/auth/register/', HOST_URL.replace('localhost', '127.0.0.1')).href;
  const response = await postDeclaring(url, 17 * 1024 * 1024);

  expect(response.status).toBe(413);
  expect(JSON.parse(response.body)).toEqual({
    detail: ka.errors.requestTooLarge,
    code: 'request_too_large',
  });
});
