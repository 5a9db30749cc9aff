// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sessionLimitsFromEnv } from 'release-contract/config-from-env';
import type { StaticServer } from './http/static-server';
import { buildPageServerApp } from './page-server-app';
import type { PageRenderer } from './render/page-renderer';
import { sealSession } from './session/sealed-session';
import { sessionKeys } from './session/session-keys';

let root: string;
let app: StaticServer;
let provider: Server;
let providerUrl: string;

beforeAll(async () => {
  provider = createServer((request, response) => {
    // A provider that never answers, for the timeout.
    if (request.url?.startsWith('/api/slow/')) return;
    response.setHeader('Content-Type', 'application/json');
    response.end(
      JSON.stringify({
        path: request.url,
        language: request.headers['accept-language'],
        forwardedFor: request.headers['x-forwarded-for'],
        forwardedProto: request.headers['x-forwarded-proto'],
        forwardedHost: request.headers['x-forwarded-host'],
        forwarded: request.headers.forwarded,
        proxySecret: request.headers['x-proxy-secret'],
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'host-dist-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'main.1a2b3c4d.js'), 'console.info(1)');
});

afterEach(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

/**
 * The origins these tests' requests name: inject's own `localhost:80`, the host as `pnpm start`
 * serves it, and a deployment's name.
 */
const TEST_ORIGINS = 'http://localhost,http://127.0.0.1:3000,https://lender.example.ge';

async function build(apiUpstream = providerUrl, env: Record<string, string> = {}) {
  app = await buildPageServerApp({
    root,
    apiUpstream,
    env: { HOST_ORIGINS: TEST_ORIGINS, ...env },
  });
  return app;
}

const SESSION_SECRET = 'a-test-secret-that-is-long-enough-to-be-a-key';
const pin = (char: string) => `sha384-${char.repeat(64)}`;

/** A session as a login through the host leaves it in the `user` cookie (with SESSION_SECRET). */
async function sealedSession(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const session = { id: 'a-session', access: 'a', refresh: 'r', began: now, used: now };
  return sealSession(session, sessionKeys({ SESSION_SECRET }), sessionLimitsFromEnv({}));
}

/** The preload hints of a page, their attributes unescaped. */
function preloadsOf(html: string) {
  return [...html.matchAll(/<link rel="preload" ([^>]*)\/>/g)].map(([, attributes]) =>
    attributes?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

/** A renderer that reports ready only when the test says so. */
function rendererReadyWhenTold(): { renderer: PageRenderer; asked: Promise<void>; tell(): void } {
  let tell = () => {};
  let wasAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    wasAsked = resolve;
  });
  const ready = new Promise<void>((resolve) => {
    tell = resolve;
  });
  const renderer: PageRenderer = {
    render: () => Promise.reject(new Error('no page is rendered in this test')),
    memory: async () => [],
    ready: () => {
      wasAsked();
      return ready;
    },
    close: async () => {},
  };
  return { renderer, asked, tell };
}

describe('a starting page server', () => {
  it('is ready to take pages only once its renderer can render them', async () => {
    const { renderer, asked, tell } = rendererReadyWhenTold();
    let built = false;
    const building = buildPageServerApp({
      root,
      apiUpstream: providerUrl,
      env: { HOST_ORIGINS: TEST_ORIGINS },
      pageRenderer: renderer,
    }).then((server) => {
      built = true;
      app = server;
    });
    await asked;
    // A turn of the event loop for anything that would have resolved it without the renderer.
    await new Promise((resolve) => setImmediate(resolve));
    expect(built).toBe(false);
    tell();
    await building;
    expect(built).toBe(true);
  });

  it('takes pages anyway once its renderer’s start allowance is spent', async () => {
    const { renderer } = rendererReadyWhenTold();
    app = await buildPageServerApp({
      root,
      apiUpstream: providerUrl,
      env: { HOST_ORIGINS: TEST_ORIGINS },
      pageRenderer: renderer,
      rendererStartAllowanceMs: 20,
    });
    // The page is then the browser's to render, as it was before the server rendered pages.
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
  });
});

describe('the host server', () => {
  it('answers each route with the app and status 200, revalidated on every load', async () => {
    await build();
    for (const url of ['/', '/recovery', '/static', '/static/', '/recovery?next=%2F']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers any other path with the app and status 404, so the page shows the 404 page', async () => {
    await build();
    const response = await app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('id="root"');
  });

  it('answers a missing file with a plain 404, never the app', async () => {
    await build();
    const response = await app.inject({ url: '/page-static.deadbeef.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('id="root"');
  });

  it('serves content-hashed files as immutable for a year', async () => {
    await build();
    const response = await app.inject({ url: '/main.1a2b3c4d.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the runtime configuration from configuration alone, whatever host the request names', async () => {
    await build(providerUrl, { REMOTE_LOANS_URL: 'https://loans.example.ge/mf-manifest.json' });
    const response = await app.inject({
      url: '/runtime-config.json',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      remotes: [
        { name: 'remote_home', manifestUrl: 'http://localhost:3001/mf-manifest.json' },
        { name: 'remote_account', manifestUrl: 'http://localhost:3002/mf-manifest.json' },
        { name: 'remote_loans', manifestUrl: 'https://loans.example.ge/mf-manifest.json' },
      ],
      routeMiddleware: {},
      session: { idleSeconds: 900, warningSeconds: 120 },
      provider: {
        paths: ['/api/', '/media/'],
        origins: [
          'http://127.0.0.1:4000',
          'http://localhost',
          'http://127.0.0.1:3000',
          'https://lender.example.ge',
        ],
      },
      payment: { pageOrigins: ['http://127.0.0.1:4100'] },
      telemetry: { sampleRate: 1 },
    });
    const other = await app.inject({ url: '/runtime-config.json', headers: { host: 'localhost' } });
    expect(other.json()).toEqual(response.json());
  });

  it.each([
    ['another loopback address', '127.0.0.2:3000'],
    ['a name that rebinds to this machine', 'attacker.example:3000'],
    ['the host’s name on another port', 'localhost:3001'],
  ])(
    'answers a request naming %s 421, and renders, fetches and proxies nothing',
    async (_, host) => {
      let providerCalls = 0;
      const counting = createServer((_request, response) => {
        providerCalls += 1;
        response.end('{}');
      });
      await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
      try {
        await build(`http://127.0.0.1:${(counting.address() as AddressInfo).port}`);
        for (const url of [
          '/',
          '/static',
          '/runtime-config.json',
          '/api/cms/slider/',
          '/media/x.png',
        ]) {
          const response = await app.inject({ url, headers: { host } });
          expect(response.statusCode, url).toBe(421);
          expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
          expect(response.body, url).not.toContain('runtime-config');
          expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        }
        expect(providerCalls).toBe(0);
      } finally {
        await new Promise<void>((resolve) => counting.close(() => resolve()));
      }
    },
  );

  it('answers the names of its configured origins, in any case and with their default port', async () => {
    await build();
    for (const host of ['LENDER.example.ge', 'lender.example.ge:443', '127.0.0.1:3000']) {
      const response = await app.inject({ url: '/static', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('writes the runtime configuration into the page and preloads the manifests its first screen needs', async () => {
    await build(providerUrl, {
      REMOTE_LOANS_URL: 'https://loans.example.ge/mf-manifest.json?a=1&b=<2>',
      SESSION_SECRET,
    });
    const customer = { cookie: `theme=dark; user=${await sealedSession()}` };
    const hint = (href: string) => `href="${href}" as="fetch" crossorigin="anonymous" `;
    const home = hint('http://localhost:3001/mf-manifest.json');
    const account = hint('http://localhost:3002/mf-manifest.json');
    const loans = hint('https://loans.example.ge/mf-manifest.json?a=1&b=<2>');
    // Each page hints what its first screen loads, and nothing else: not the account slice for
    // a customer's header, whose buttons are the host's until used.
    for (const [url, cookies, hints] of [
      ['/', customer, [home, loans]],
      ['/recovery', {}, [account]],
      ['/no-such-page', customer, []],
      ['/no-such-page', {}, []],
      ['/static', customer, []],
    ] as const) {
      const response = await app.inject({ url, headers: { host: '127.0.0.1:3000', ...cookies } });
      const data = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(
        response.body,
      )?.[1];
      expect(JSON.parse(data ?? 'null'), url).toEqual(
        (
          await app.inject({ url: '/runtime-config.json', headers: { host: '127.0.0.1:3000' } })
        ).json(),
      );
      expect(preloadsOf(response.body), url).toEqual(hints);
      // The configuration is data that no URL in it can break out of.
      expect(response.body).not.toContain('<2>');
    }
  });

  it('hints a visitor’s home page only the remote its first screen loads', async () => {
    await build();
    for (const cookie of [undefined, 'user=', 'username=1']) {
      const response = await app.inject({
        url: '/?from=ad',
        headers: { host: '127.0.0.1:3000', ...(cookie ? { cookie } : {}) },
      });
      expect(preloadsOf(response.body), cookie).toEqual([
        'href="http://localhost:3001/mf-manifest.json" as="fetch" crossorigin="anonymous" ',
      ]);
    }
  });

  it('sends a customer’s page for them alone, and a session it ended as a visitor’s, its cookies cleared', async () => {
    await build(providerUrl, { SESSION_SECRET });
    const customer = await app.inject({
      url: '/',
      headers: { cookie: `user=${await sealedSession()}` },
    });
    expect(customer.headers['cache-control']).toBe('private, no-store');
    // The first screen's two remotes (loans, home); the header's account buttons are the host's.
    expect(preloadsOf(customer.body)).toHaveLength(2);
    // Not one we sealed (made up, or tokens planted as the JSON an old release wrote): a
    // visitor's page, and the cookies go.
    const planted = encodeURIComponent(JSON.stringify({ access: 'a', refresh: 'r' }));
    for (const cookie of ['user=forged.value', `user=${planted}`]) {
      const stranger = await app.inject({ url: '/', headers: { cookie } });
      expect(stranger.headers['cache-control'], cookie).toBe('private, no-store');
      expect(String(stranger.headers['set-cookie']), cookie).toMatch(/user=; .*Max-Age=0/);
      expect(preloadsOf(stranger.body), cookie).toHaveLength(1);
    }
  });

  it('sends the page with a CSP naming the configured remotes, and the security headers', async () => {
    await build(providerUrl, { REMOTE_LOANS_URL: 'https://loans.example.ge/v3/mf-manifest.json' });
    const response = await app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' http://localhost:3001 http://localhost:3002 https://loans.example.ge;",
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('report-uri /csp-report');
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers).toMatchObject({
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(String(response.headers['permissions-policy'])).toContain('camera=(self)');
    // Files get the common headers too.
    const file = await app.inject({ url: '/main.1a2b3c4d.js' });
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('takes the browser’s CSP reports, and nothing large', async () => {
    await build();
    const report = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } }),
    });
    expect(report.statusCode).toBe(204);
    const huge = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ padding: 'x'.repeat(20_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('sends the page compressed when the browser accepts it', async () => {
    await build();
    const brotli = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('id="runtime-config"');
    const gzip = await app.inject({ url: '/static', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('id="runtime-config"');
  });

  it('serves the releases of its releases document as it changes, in production with no REMOTE_*_URL', async () => {
    const integrity = { entry: pin('e'), server: pin('s'), manifest: pin('m') };
    const documentOf = (home: string) => ({
      remotes: (['remote_home', 'remote_account', 'remote_loans'] as const).map((name) => ({
        name,
        manifestUrl: `https://releases.example/${name}/releases/${name === 'remote_home' ? home : 'cccccccccccc'}/mf-manifest.json`,
        integrity,
      })),
    });
    let document = documentOf('aaaaaaaaaaaa');
    app = await buildPageServerApp({
      root,
      apiUpstream: providerUrl,
      env: { HOST_ORIGINS: TEST_ORIGINS, NODE_ENV: 'production', SESSION_SECRET },
      releases: () => document,
    });
    const homeOf = async () =>
      (await app.inject({ url: '/runtime-config.json' })).json().remotes[0].manifestUrl;
    expect(await homeOf()).toBe(documentOf('aaaaaaaaaaaa').remotes[0]?.manifestUrl);
    document = documentOf('bbbbbbbbbbbb');
    expect(await homeOf()).toBe(documentOf('bbbbbbbbbbbb').remotes[0]?.manifestUrl);
    // Session, provider and telemetry are still the environment's.
    expect((await app.inject({ url: '/runtime-config.json' })).json().telemetry).toEqual({
      sampleRate: 0.1,
    });
  });

  it('refuses to start with a malformed ROUTE_MIDDLEWARE', async () => {
    await expect(
      buildPageServerApp({ root, apiUpstream: providerUrl, env: { ROUTE_MIDDLEWARE: '{nope' } }),
    ).rejects.toThrow();
  });

  it('proxies /api/* to the provider, path and headers intact', async () => {
    await build();
    const response = await app.inject({
      url: '/api/cms/slider/?x=1',
      headers: { 'accept-language': 'ka-ge' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ path: '/api/cms/slider/?x=1', language: 'ka-ge' });
  });

  it('tells the provider who asked, replacing what the client claimed', async () => {
    await build();
    const response = await app.inject({
      url: '/api/user/api/token/',
      remoteAddress: '203.0.113.9',
      headers: {
        host: 'lender.example.ge',
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=10.0.0.1',
      },
    });
    expect(response.json()).toMatchObject({
      forwardedFor: '203.0.113.9',
      forwardedProto: 'http',
      forwardedHost: 'lender.example.ge',
    });
    expect(response.json()).not.toHaveProperty('forwarded');
  });

  it('vouches for the address with PROXY_SECRET, and never passes on a client’s own claim', async () => {
    await build(providerUrl, { PROXY_SECRET: 'the-proxy' });
    const claimed = { 'x-proxy-secret': 'guessed' };
    const response = await app.inject({ url: '/api/user/details/', headers: claimed });
    expect(response.json()).toMatchObject({ proxySecret: 'the-proxy' });

    await app.close();
    await build();
    const without = await app.inject({ url: '/api/user/details/', headers: claimed });
    expect(without.json()).not.toHaveProperty('proxySecret');
  });

  it('takes the client from X-Forwarded-For only behind a proxy named in TRUSTED_PROXIES', async () => {
    await build(providerUrl, { TRUSTED_PROXIES: '10.1.0.0/16' });
    const behind = await app.inject({
      url: '/api/user/details/',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(behind.json()).toMatchObject({ forwardedFor: '198.51.100.7' });
    const direct = await app.inject({
      url: '/api/user/details/',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(direct.json()).toMatchObject({ forwardedFor: '203.0.113.9' });
  });

  it('refuses a body over the upload limit before the provider sees it', async () => {
    await build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/user/personal_verification_photos/',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(16 * 1024 * 1024 + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'request_too_large' });
  });

  it('answers 502 in the contract error shape when the provider takes too long', async () => {
    app = await buildPageServerApp({
      root,
      apiUpstream: providerUrl,
      env: { HOST_ORIGINS: TEST_ORIGINS },
      providerTimeouts: { connect: 1_000, headers: 300, body: 300 },
    });
    const response = await app.inject({ url: '/api/slow/' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'provider_unavailable' });
  });

  it('proxies the provider media the CMS links to', async () => {
    await build();
    const response = await app.inject({ url: '/media/slider/coins.svg' });
    expect(response.json()).toMatchObject({ path: '/media/slider/coins.svg' });
  });

  it('proxies the folders a deployment adds for the provider’s files, and only those', async () => {
    await build(providerUrl, { PROVIDER_MEDIA_PATHS: '/cms/uploads/' });
    const image = await app.inject({ url: '/cms/uploads/slide-1.svg' });
    expect(image.json()).toMatchObject({ path: '/cms/uploads/slide-1.svg' });
    const elsewhere = await app.inject({ url: '/cms/other/slide-1.svg' });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('tells the page where the provider’s files are, from configuration only', async () => {
    await build(providerUrl, {
      API_BASE_URL: 'https://api.lender.ge',
      PROVIDER_MEDIA_PATHS: '/cms/uploads/',
    });
    const response = await app.inject({ url: '/runtime-config.json' });
    expect(response.json().provider).toEqual({
      paths: ['/api/', '/media/', '/cms/uploads/'],
      origins: [
        'https://api.lender.ge',
        'http://localhost',
        'http://127.0.0.1:3000',
        'https://lender.example.ge',
      ],
    });
  });

  it('answers 502 in the contract error shape when the provider is unreachable', async () => {
    await build('http://127.0.0.1:9');
    const response = await app.inject({ url: '/api/cms/slider/' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'provider_unavailable' });
  });
});
