import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exactRequest, headersOf, rawRequest } from 'page-server/http/raw-request';
import {
  CSP_REPORT_PATH,
  commonSecurityHeaders,
  contentSecurityPolicy,
} from 'page-server/http/security-headers';
import { IMMUTABLE, UNPUBLISHED } from 'release-contract/build-output';
import { afterEach, describe, expect, it } from 'vitest';
import { findNginx } from './nginx-binary';
import { type NginxSite, renderNginxConf, STAND_IN_HEADER } from './nginx-conf';
import { REMOTE_FILE_CSP } from './nginx-remotes';
import { quoted } from './nginx-syntax';

const site = (prefix: string): NginxSite => ({
  prefix,
  host: {
    port: 18000,
    root: path.join(prefix, 'site/host'),
    remoteOrigins: ['https://home.lender.example', 'https://loans.lender.example'],
    routes: [
      { id: 'index', path: '/' },
      { id: 'recovery', path: '/recovery' },
    ],
    notFoundPage: 'not-found',
    pageServers: [18010, 18011],
    providerPaths: ['/api/', '/media/', '/cms/uploads/'],
    providerUnavailableBody: JSON.stringify({
      detail: 'მიუწვდომელია',
      code: 'provider_unavailable',
    }),
    tooLargeBody: JSON.stringify({ detail: 'დიდია', code: 'request_too_large' }),
  },
  remotes: [{ folder: 'remote-home', port: 18001, root: path.join(prefix, 'site/remote-home') }],
  hostOrigins: ['https://lender.example'],
  listen: '127.0.0.1',
});

/** The headers of every answer over http, named as Node's client reports them (lower case). */
const commonHeadersAsReceived = () =>
  Object.fromEntries(
    Object.entries(commonSecurityHeaders(false)).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );

/** The errors nginx answers itself, whose built-in pages are HTML without a CSP. */
const NGINX_OWN_ERRORS = [
  400, 403, 404, 405, 408, 411, 412, 413, 414, 416, 494, 500, 501, 502, 503, 504, 505, 507,
];

/** The server block of the host: everything from its `listen` to the next server block. */
const hostBlock = (conf: string) =>
  conf.slice(conf.indexOf('listen 127.0.0.1:18000'), conf.indexOf('listen 127.0.0.1:18001'));

/** Ports nothing listens on now (the kernel's choice, released at once). */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
        ),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Resolves once something accepts connections on the port (nginx has started). */
async function listening(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts nginx with the configuration written for `served`; resolves once every server listens. */
async function runNginx(served: NginxSite): Promise<ChildProcess> {
  const conf = path.join(served.prefix, 'nginx.conf');
  // Run by root, the workers must still read the files written here.
  writeFileSync(
    conf,
    renderNginxConf({ ...served, ...(process.getuid?.() === 0 ? { user: 'root' } : {}) }),
  );
  const args = [
    '-p',
    `${served.prefix}/`,
    '-c',
    conf,
    '-e',
    path.join(served.prefix, 'logs/error.log'),
  ];
  const started = spawn(findNginx() ?? 'nginx', [...args, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  // Remotes served from a release origin have no server block of their own here.
  const remotePorts = served.releaseOrigin ? [] : served.remotes.map((remote) => remote.port);
  for (const port of [served.host.port, ...remotePorts]) await listening(port);
  return started;
}

/** One request over its own connection (exactRequest), its headers as text. */
async function httpAnswer(
  port: number,
  method: string,
  url: string,
  body?: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const answer = await exactRequest(port, { method, path: url, ...(body ? { body } : {}) });
  const headers = Object.entries(answer.headers).map(([name, value]) => [name, String(value)]);
  return { ...answer, headers: Object.fromEntries(headers) };
}

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it("sends the page's CSP from the same definition as the Node server, per scheme", () => {
    const policy = { remoteOrigins: site('/x').host.remoteOrigins, reportPath: CSP_REPORT_PATH };
    expect(conf).toContain(`https ${quoted(contentSecurityPolicy({ ...policy, https: true }))};`);
    expect(conf).toContain(
      `default ${quoted(contentSecurityPolicy({ ...policy, https: false }))};`,
    );
    expect(hostBlock(conf)).toContain(
      'add_header Content-Security-Policy $page_content_security_policy always;',
    );
  });

  it('sends every common security header on every location of the host, HSTS only over https', () => {
    const host = hostBlock(conf);
    const locations = host.split(/\n\s+location /).slice(1);
    const withHeaders = locations.filter((location) => location.includes('add_header'));
    expect(withHeaders.length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(commonSecurityHeaders(false))) {
      for (const location of withHeaders) {
        // nginx drops a server's add_header in a location that has its own: each says all.
        expect(location).toContain(`add_header ${name} ${quoted(value)} always;`);
      }
    }
    expect(conf).toContain(
      `https ${quoted(commonSecurityHeaders(true)['Strict-Transport-Security'] ?? '')};`,
    );
    expect(host).toContain(
      'add_header Strict-Transport-Security $security_strict_transport_security always;',
    );
  });

  it('asks the page servers for each page, balanced, and sends the browser-rendered page while none answers', () => {
    expect(conf).toContain(
      'upstream page_servers {\n    hash $session_affinity consistent;\n    server 127.0.0.1:18010 max_fails=1 fail_timeout=2s;\n    server 127.0.0.1:18011 max_fails=1 fail_timeout=2s;',
    );
    const home = conf.slice(conf.indexOf('location = / {'), conf.indexOf('location @index_page'));
    expect(home).toContain('proxy_pass http://page_servers;');
    // A stopped server's page is asked of the next; a page is a GET, safe to ask twice.
    expect(home).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(home).toContain('error_page 502 503 504 = @index_page;');
    // nginx's own page headers, not the page server's as well.
    expect(home).toContain('proxy_hide_header Content-Security-Policy;');
    expect(home).toContain(
      'add_header Content-Security-Policy $page_content_security_policy always;',
    );
    expect(conf).toContain(
      'location @index_page {\n      try_files /pages/index.$audience.html =404;',
    );
    // nginx's own page says so; a page server's never carries it.
    const standIn = conf.slice(conf.indexOf('location @index_page {'));
    expect(standIn.slice(0, standIn.indexOf('}'))).toContain(
      `add_header ${STAND_IN_HEADER} stand-in always;`,
    );
    expect(home).not.toContain(STAND_IN_HEADER);
    expect(conf).toContain('location ~ "^/recovery/*$" {\n      proxy_pass http://page_servers;');
    expect(conf).toContain(
      'location @recovery_page {\n      try_files /pages/recovery.$audience.html =404;',
    );
    // An unknown path: the page servers' not-found page with its 404, or the browser's.
    const unknown = conf.slice(
      conf.indexOf('location @not_found {'),
      conf.indexOf('location @not_found_page'),
    );
    expect(unknown).toContain('proxy_pass http://page_servers;');
    expect(unknown).toContain('error_page 502 503 504 = @not_found_page;');
    expect(conf).toContain('error_page 404 /pages/not-found.$audience.html;\n      return 404;');
  });

  it('hands every provider folder to the page servers, which call the provider (decision 027)', () => {
    const host = hostBlock(conf);
    for (const prefix of ['/api/', '/media/', '/cms/uploads/']) {
      expect(host).toContain(`location ${prefix} {\n      proxy_pass http://page_servers;`);
    }
    expect(conf).not.toContain('18100');
  });

  it('lets CORS through for the host origins only', () => {
    expect(conf).toMatch(
      /map \$http_origin \$cors_origin \{\n\s+"https:\/\/lender\.example" \$http_origin;\n\s+default "";/,
    );
  });

  it('sends the common headers at the level of each server too, for nginx’s own error answers', () => {
    for (const block of conf.split('\n  server {').slice(1)) {
      const serverLevel = block.slice(0, block.indexOf('\n    location'));
      for (const [name, value] of Object.entries(commonSecurityHeaders(false))) {
        expect(serverLevel).toContain(`add_header ${name} ${quoted(value)} always;`);
      }
    }
  });

  it('listens on loopback unless told otherwise, and publishes neither source maps nor stats', () => {
    const { listen: _listen, ...anywhere } = site('/srv/lender');
    const loopback = renderNginxConf(anywhere);
    expect(loopback).toContain('listen 127.0.0.1:18000;');
    expect(loopback).not.toMatch(/listen \d+;/);
    expect(renderNginxConf({ ...anywhere, listen: '0.0.0.0' })).toContain('listen 0.0.0.0:18001;');
    expect(conf).toContain(`location ~ ${JSON.stringify(UNPUBLISHED.source)} {`);
  });

  it('takes the client’s address from trusted proxies only, and passes it to the page servers', () => {
    expect(conf).not.toContain('set_real_ip_from');
    const behind = renderNginxConf({ ...site('/srv/lender'), trustedProxies: ['10.1.0.0/16'] });
    expect(behind).toContain(
      'set_real_ip_from 10.1.0.0/16;\n  real_ip_header X-Forwarded-For;\n  real_ip_recursive on;',
    );
    expect(behind).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // nginx never vouches to the provider: the page servers call it (decision 027).
    expect(conf).not.toContain('X-Proxy-Secret');
  });

  it('sends the provider’s paths and the session’s own through the page servers, a session to one of them', () => {
    for (const location of [
      'location /api/ {',
      'location /media/ {',
      'location = /session {',
      'location = /session/activity {',
    ]) {
      const block = conf.slice(
        conf.indexOf(location),
        conf.indexOf('\n    }', conf.indexOf(location)),
      );
      expect(block, location).toContain('proxy_pass http://page_servers;');
      // A write is never sent twice.
      expect(block, location).toContain('proxy_next_upstream error timeout;');
      // The page server's own security headers give way to nginx's: each is sent once.
      expect(block, location).toContain('proxy_hide_header X-Content-Type-Options;');
    }
    const upstream = conf.slice(conf.indexOf('upstream page_servers {'));
    expect(upstream).toMatch(/^upstream page_servers \{\n {4}hash \$session_affinity consistent;/);
    expect(conf).toContain('map $cookie_user $session_affinity {');
    expect(conf).toContain('default $request_id;');
  });

  it("sends a page view's beacons to one page server, by its view token, where its budget is spent", () => {
    const rum = conf.slice(conf.indexOf('location = /rum {'));
    expect(rum.slice(0, rum.indexOf('\n    }'))).toContain('proxy_pass http://beacon_servers;');
    const upstream = conf.slice(conf.indexOf('upstream beacon_servers {'));
    expect(upstream).toMatch(
      /^upstream beacon_servers \{\n {4}hash \$beacon_affinity consistent;\n {4}server 127\.0\.0\.1:18010 [^\n]*\n {4}server 127\.0\.0\.1:18011 /,
    );
    expect(conf).toContain(
      'map $arg_view $beacon_affinity {\n    "" $request_id;\n    default $arg_view;\n  }',
    );
  });

  it('writes its redirects relative, never built from the request’s Host', () => {
    // At http level: every server, the host's and each remote's, inherits it.
    const http = conf.slice(conf.indexOf('\nhttp {'), conf.indexOf('\n  server {'));
    expect(http).toContain('\n  absolute_redirect off;');
    expect(conf).not.toMatch(/absolute_redirect on|server_name_in_redirect on/);
  });

  it('answers nginx’s own errors in plain text, in every server and every location', () => {
    const servers = conf.split('\n  server {').slice(1);
    expect(servers).toHaveLength(2);
    for (const block of servers) {
      const [serverLevel = '', ...locations] = block.split(/\n {4}location /);
      const pagesOf = (text: string) =>
        [...text.matchAll(/^\s*error_page ([\d ]+?) (?:= )?(\S+);$/gm)].flatMap(([, codes = '']) =>
          codes.split(' ').map(Number),
        );
      const atServer = pagesOf(serverLevel);
      for (const location of locations) {
        const own = pagesOf(location);
        // A location with error pages of its own inherits none of the server's.
        const handled = own.length > 0 ? own : atServer;
        for (const code of NGINX_OWN_ERRORS) {
          expect(handled, `${location.slice(0, location.indexOf('{'))}: ${code}`).toContain(code);
        }
      }
      const plain = locations.find((location) => location.startsWith('= /_nginx-error {')) ?? '';
      expect(plain).toContain('internal;');
      expect(plain).toContain('default_type text/plain;');
      for (const [name, value] of Object.entries(commonSecurityHeaders(false))) {
        expect(plain).toContain(`add_header ${name} ${quoted(value)} always;`);
      }
    }
    // The app's own answers keep their handlers: the page servers' fallbacks, the not-found
    // page, the provider's failures in the contract's shape.
    expect(conf).toContain('error_page 502 503 504 = @index_page;');
    expect(conf).toContain('error_page 502 503 504 = @not_found_page;');
    expect(conf).toContain('error_page 404 /pages/not-found.$audience.html;');
    expect(conf).toContain('error_page 502 504 = @provider_unavailable;');
    expect(conf).toContain('error_page 413 = @too_large;');
    expect(conf).toContain('error_page 404 = @missing;');
  });

  it('refuses a value nginx would read as a variable', () => {
    expect(() => quoted('a $variable')).toThrow(/cannot quote/);
  });
});

describe('the written configuration', () => {
  const nginx = findNginx();
  let prefix = '';
  let server: ChildProcess | undefined;
  let provider: Server | undefined;
  afterEach(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    server = undefined;
    await new Promise((resolve) => (provider ? provider.close(resolve) : resolve(undefined)));
    provider = undefined;
    rmSync(prefix, { recursive: true, force: true });
  });

  it.skipIf(!nginx)('is accepted by nginx itself (nginx -t)', () => {
    prefix = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'));
    for (const dir of ['logs', 'temp', 'site/host', 'site/remote-home']) {
      mkdirSync(path.join(prefix, dir), { recursive: true });
    }
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(conf, renderNginxConf({ ...site(prefix), trustedProxies: ['10.1.0.0/16'] }));
    const args = [
      '-t',
      '-q',
      '-p',
      `${prefix}/`,
      '-c',
      conf,
      '-e',
      path.join(prefix, 'logs/error.log'),
    ];
    expect(() => execFileSync(nginx ?? 'nginx', args, { stdio: 'pipe' })).not.toThrow();
  });

  it.skipIf(!nginx)(
    'answers when running: relative redirects, nginx’s own errors in plain text, the app’s answers as before',
    async () => {
      prefix = mkdtempSync(path.join(tmpdir(), 'nginx-run-'));
      const root = (folder: string) => path.join(prefix, 'site', folder);
      for (const dir of ['logs', 'temp', 'site/host/pages', 'site/remote-home']) {
        mkdirSync(path.join(prefix, dir), { recursive: true });
      }
      const page = (name: string) => `<!doctype html><title>${name}</title>`;
      for (const name of ['index', 'recovery', 'not-found']) {
        writeFileSync(path.join(root('host'), `pages/${name}.visitor.html`), page(name));
      }
      writeFileSync(
        path.join(root('host'), 'logo.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      );
      writeFileSync(path.join(root('remote-home'), 'remoteEntry.js'), 'export {};');
      // A page server that answers the API only (the provider's field error, which must pass
      // through untouched) and fails every page: nginx then sends the rendered pages.
      provider = createServer((request, response) => {
        if (!request.url?.startsWith('/api/')) {
          request.socket.destroy();
          return;
        }
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ amount: ['არასწორია.'] }));
      });
      const [hostPort = 0, remotePort = 0, pageServer = 0] = await freePorts(3);
      await new Promise<void>((resolve) => provider?.listen(pageServer, '127.0.0.1', resolve));
      const base = site(prefix);
      server = await runNginx({
        ...base,
        host: { ...base.host, port: hostPort, pageServers: [pageServer] },
        // The names this test's requests use: raw `Host: localhost`, and Node's own.
        hostOrigins: ['http://localhost', `http://127.0.0.1:${hostPort}`],
        remotes: [{ folder: 'remote-home', port: remotePort, root: root('remote-home') }],
      });

      // A redirect names a path on whichever host was asked, never a host the request names.
      const redirect = await rawRequest(
        hostPort,
        'GET /api HTTP/1.1\r\nHost: LOCALHOST\r\nConnection: close\r\n\r\n',
      );
      expect(redirect).toMatch(/^HTTP\/1\.1 301 /);
      expect(headersOf(redirect).location).toBe('/api/');
      // A request naming a host that is not the site's is refused, whatever it asks for.
      for (const url of ['/api', '/', '/runtime-config.json', '/no-such-page']) {
        const refused = await rawRequest(
          hostPort,
          `GET ${url} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
        );
        expect(refused, url).toMatch(/^HTTP\/1\.1 421 /);
        expect(headersOf(refused)['content-type'], url).toMatch(/^text\/plain/);
        expect(refused, url).not.toContain('evil.example');
      }

      // nginx's own errors: plain text with the headers of every answer, on the host and a remote.
      const common = commonHeadersAsReceived();
      const errors: [
        port: number,
        line: string,
        status: number,
        headers?: string,
        body?: string,
      ][] = [
        [hostPort, 'GET /..%2f..%2fetc/passwd', 400],
        [hostPort, 'GET /csp-report', 403],
        [hostPort, `GET /${'a'.repeat(20_000)}`, 414],
        [hostPort, 'GET /', 400, `X-Big: ${'b'.repeat(20_000)}\r\n`],
        [hostPort, 'POST /logo.svg', 405, 'Content-Length: 2\r\n', '{}'],
        [hostPort, 'POST /csp-report', 413, 'Content-Length: 20000\r\n', 'x'.repeat(20_000)],
        [hostPort, 'GET /pages/index.visitor.html', 404],
        [hostPort, 'GET /_nginx-error', 404],
        [remotePort, 'GET /..%2f..%2fetc/passwd', 400],
        [remotePort, `GET /${'a'.repeat(20_000)}`, 414],
        [remotePort, 'POST /remoteEntry.js', 405, 'Content-Length: 2\r\n', '{}'],
      ];
      for (const [port, line, status, headers = '', body = ''] of errors) {
        const answer = await rawRequest(
          port,
          `${line} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n${body}`,
        );
        const what = `${port === hostPort ? 'host' : 'remote'}: ${line.slice(0, 40)}`;
        expect(answer.slice(0, 13), what).toBe(`HTTP/1.1 ${status} `);
        expect(headersOf(answer)['content-type'], what).toMatch(/^text\/plain/);
        expect(headersOf(answer), what).toMatchObject(common);
        expect(answer.slice(answer.indexOf('\r\n\r\n')), what).not.toMatch(/<html|nginx/i);
      }

      // The app's own answers are as they were.
      const home = await httpAnswer(hostPort, 'GET', '/');
      expect([home.status, home.body]).toEqual([200, page('index')]);
      expect(home.headers['content-security-policy']).toContain("default-src 'self'");
      // No page server, an unknown path: the rendered not-found page, with its 404 and its CSP.
      const unknown = await httpAnswer(hostPort, 'GET', '/no-such-page');
      expect([unknown.status, unknown.body]).toEqual([404, page('not-found')]);
      expect(unknown.headers['content-security-policy']).toContain("default-src 'self'");
      const missing = await httpAnswer(hostPort, 'GET', '/missing.0123abcd.js');
      expect([missing.status, missing.body]).toEqual([404, 'Not found\n']);
      const api = await httpAnswer(hostPort, 'POST', '/api/loan/loan/1/repay/', '{}');
      expect(api.status).toBe(400);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(api.body)).toEqual({ amount: ['არასწორია.'] });
      const remoteMissing = await httpAnswer(remotePort, 'GET', '/no-such-file.js');
      expect([remoteMissing.status, remoteMissing.body]).toEqual([404, 'Not found\n']);
    },
    20_000,
  );

  it.skipIf(!nginx)(
    'serves what loads a release, hashed files for good, and never a page, a source map or stats',
    async () => {
      prefix = mkdtempSync(path.join(tmpdir(), 'nginx-remote-'));
      const release = path.join(prefix, 'site/remote-home/releases/0123456789ab');
      for (const dir of ['logs', 'temp', 'site/host', release]) {
        mkdirSync(path.isAbsolute(dir) ? dir : path.join(prefix, dir), { recursive: true });
      }
      const files: Record<string, string> = {
        'mf-manifest.json': '{"name":"remote_home"}',
        'remoteEntry.js': 'var remote_home;',
        '__federation_expose_LoanCalculator.0123abcd.js': 'export {};',
        'main.0123abcd.css': '.a{}',
        'main.0123abcd.js.map': '{}',
        'mf-stats.json': '{}',
        // What an older build's precompress step wrote beside its stats (issue 45, row 14).
        'mf-stats.json.gz': '{"buildInfo":"src/x.ts"}',
        'mf-stats.json.br': '{"buildInfo":"src/x.ts"}',
        'index.html': '<!doctype html><script>document.cookie</script>',
        'logo.svg':
          '<svg xmlns="http://www.w3.org/2000/svg"><script>document.cookie</script></svg>',
      };
      for (const [name, text] of Object.entries(files))
        writeFileSync(path.join(release, name), text);
      const [hostPort = 0, remotePort = 0] = await freePorts(2);
      const base = site(prefix);
      server = await runNginx({
        ...base,
        host: { ...base.host, port: hostPort },
        hostOrigins: [`http://127.0.0.1:${hostPort}`],
        remotes: [
          { folder: 'remote-home', port: remotePort, root: path.join(prefix, 'site/remote-home') },
        ],
      });

      const at = (name: string) => `/remote-home/releases/0123456789ab/${name}`;
      const common = commonHeadersAsReceived();
      const served: [name: string, type: RegExp, cache: string][] = [
        // A release never changes once uploaded (issue 48): its manifest and entry neither.
        ['mf-manifest.json', /^application\/json/, IMMUTABLE],
        ['remoteEntry.js', /^application\/javascript/, IMMUTABLE],
        ['__federation_expose_LoanCalculator.0123abcd.js', /^application\/javascript/, IMMUTABLE],
        ['main.0123abcd.css', /^text\/css/, IMMUTABLE],
        ['logo.svg', /^image\/svg\+xml/, IMMUTABLE],
      ];
      for (const [name, type, cache] of served) {
        const answer = await httpAnswer(hostPort, 'GET', at(name));
        expect([answer.status, answer.body], name).toEqual([200, files[name]]);
        expect(answer.headers['content-type'], name).toMatch(type);
        expect(answer.headers['cache-control'], name).toBe(cache);
        expect(answer.headers, name).toMatchObject(common);
        // Opened as a document (the SVG's script), it runs in a sandbox, not as the site.
        expect(answer.headers['content-security-policy'], name).toBe(REMOTE_FILE_CSP);
      }
      // A slice's own page would run as the site, with its cookies; maps and stats stay with
      // the team; a folder lists nothing; a missing file is a plain 404, not the app.
      for (const url of [
        at('index.html'),
        at(''),
        at('main.0123abcd.js.map'),
        at('mf-stats.json'),
        at('mf-stats.json.gz'),
        at('mf-stats.json.br'),
        at('mf-stats%2ejson.gz'),
        at('missing.0123abcd.js'),
        '/remote-home/',
      ]) {
        const answer = await httpAnswer(hostPort, 'GET', url);
        expect(answer.status, url).toBe(404);
        expect(answer.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(answer.body, url).not.toMatch(/document\.cookie|buildInfo/);
      }
      // On the remote's own port too, whatever the browser accepts.
      for (const name of ['mf-stats.json', 'mf-stats.json.gz', 'mf-stats.json.br']) {
        const url = `/releases/0123456789ab/${name}`;
        const answer = await exactRequest(remotePort, {
          path: url,
          headers: { 'accept-encoding': 'gzip, br' },
        });
        expect(answer.status, url).toBe(404);
        expect(answer.body, url).not.toContain('buildInfo');
      }
      // Nothing beside the releases is reachable through their path, and a request naming
      // another host is refused here as everywhere on the site.
      writeFileSync(path.join(prefix, 'site/secret.txt'), 'registry secret');
      for (const url of [
        '/remote-home/../secret.txt',
        '/remote-home/..%2fsecret.txt',
        '/remote-home/releases/0123456789ab/..%2f..%2f..%2fsecret.txt',
      ]) {
        const answer = await rawRequest(
          hostPort,
          `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1:${hostPort}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer, url).not.toMatch(/^HTTP\/1\.1 200 /);
        expect(answer, url).not.toContain('registry secret');
      }
      const elsewhere = await rawRequest(
        hostPort,
        `GET ${at('remoteEntry.js')} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      );
      expect(elsewhere).toMatch(/^HTTP\/1\.1 421 /);
    },
    20_000,
  );

  it.skipIf(!nginx)(
    'balances over page servers on other machines and passes releases to the release origin',
    async () => {
      prefix = mkdtempSync(path.join(tmpdir(), 'nginx-machines-'));
      for (const dir of ['logs', 'temp', 'site/host', 'site/remote-home']) {
        mkdirSync(path.join(prefix, dir), { recursive: true });
      }
      // A page server on another loopback address (another machine), and the release origin,
      // which sends caching of its own that the site's replaces.
      const [hostPort = 0, pagePort = 0] = await freePorts(2);
      provider = createServer((request, response) => {
        response.end(`page server ${request.socket.localAddress}`);
      });
      await new Promise<void>((resolve) => provider?.listen(pagePort, '127.0.0.3', resolve));
      const originFiles: Record<string, string> = {
        '/remote-home/releases/0123456789ab/remoteEntry.js': 'var remote_home;',
        '/remote-home/releases/0123456789ab/main.0123abcd.css': '.a{}',
      };
      const origin = createServer((request, response) => {
        const body = originFiles[request.url ?? ''];
        response.writeHead(body ? 200 : 404, { 'Cache-Control': 'max-age=5' });
        response.end(body ?? 'origin: not found');
      });
      await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
      const originPort = (origin.address() as AddressInfo).port;
      const base = site(prefix);
      server = await runNginx({
        ...base,
        host: { ...base.host, port: hostPort, pageServers: [`127.0.0.3:${pagePort}`] },
        hostOrigins: [`http://127.0.0.1:${hostPort}`],
        releaseOrigin: `http://127.0.0.1:${originPort}`,
      });
      try {
        const page = await httpAnswer(hostPort, 'GET', '/');
        expect([page.status, page.body]).toEqual([200, 'page server 127.0.0.3']);
        const served: [file: string, cache: string][] = [
          // A release is uploaded once and never changed: all of it immutable (issue 48).
          ['/remote-home/releases/0123456789ab/remoteEntry.js', IMMUTABLE],
          ['/remote-home/releases/0123456789ab/main.0123abcd.css', IMMUTABLE],
        ];
        for (const [file, cache] of served) {
          const answer = await httpAnswer(hostPort, 'GET', file);
          expect([answer.status, answer.body], file).toEqual([200, originFiles[file]]);
          expect(answer.headers['cache-control'], file).toBe(cache);
          expect(answer.headers['content-security-policy'], file).toBe(REMOTE_FILE_CSP);
        }
        // What the release path refuses is refused before the origin is asked.
        const stats = await httpAnswer(
          hostPort,
          'GET',
          '/remote-home/releases/0123456789ab/mf-stats.json',
        );
        expect([stats.status, stats.body]).toEqual([404, 'Not found\n']);
      } finally {
        await new Promise((resolve) => origin.close(resolve));
      }
      // The origin down: a release's file fails (the browser's slot falls back), pages do not.
      const down = await httpAnswer(
        hostPort,
        'GET',
        '/remote-home/releases/0123456789ab/remoteEntry.js',
      );
      expect(down.status).toBe(502);
      expect((await httpAnswer(hostPort, 'GET', '/')).status).toBe(200);
    },
    20_000,
  );

  describe('at the site’s edge (issue 45, decision 033)', () => {
    /** What a page server was sent, by the path nginx asked for. */
    interface Seen {
      url: string;
      host?: string;
      forwardedHost?: string;
      forwardedProto?: string;
      forwarded?: string;
    }

    /**
     * nginx in front of a page server that tells what reached it, sends the Cache-Control a test
     * names (X-Page-Cache: a canary's page is `private, no-cache`) and gives a new visitor a
     * bucket with it; nginx trusts 127.0.0.1 as its TLS terminator.
     */
    async function edge(): Promise<{ hostPort: number; remotePort: number; seen: Seen[] }> {
      prefix = mkdtempSync(path.join(tmpdir(), 'nginx-edge-'));
      for (const dir of [
        'logs',
        'temp',
        'site/host/pages',
        'site/remote-home/releases/0123456789ab',
      ]) {
        mkdirSync(path.join(prefix, dir), { recursive: true });
      }
      for (const name of ['index', 'recovery', 'not-found']) {
        for (const audience of ['visitor', 'customer']) {
          writeFileSync(
            path.join(prefix, `site/host/pages/${name}.${audience}.html`),
            `<p>${name}`,
          );
        }
      }
      writeFileSync(path.join(prefix, 'site/secret.txt'), 'registry secret');
      const seen: Seen[] = [];
      provider = createServer((request, response) => {
        seen.push({
          url: request.url ?? '',
          ...(request.headers.host ? { host: request.headers.host } : {}),
          ...(request.headers['x-forwarded-host']
            ? { forwardedHost: String(request.headers['x-forwarded-host']) }
            : {}),
          ...(request.headers['x-forwarded-proto']
            ? { forwardedProto: String(request.headers['x-forwarded-proto']) }
            : {}),
          ...(request.headers.forwarded ? { forwarded: request.headers.forwarded } : {}),
        });
        const cache = request.headers['x-page-cache'];
        const newVisitor = cache && !String(request.headers.cookie).includes('lender_bucket=');
        response.writeHead(200, {
          'content-type': 'text/html',
          'cache-control': cache ? String(cache) : 'no-cache',
          ...(newVisitor ? { 'set-cookie': 'lender_bucket=7; Path=/; HttpOnly' } : {}),
        });
        response.end('<p>rendered');
      });
      const [hostPort = 0, remotePort = 0, pagePort = 0] = await freePorts(3);
      await new Promise<void>((resolve) => provider?.listen(pagePort, '127.0.0.1', resolve));
      const base = site(prefix);
      server = await runNginx({
        ...base,
        host: { ...base.host, port: hostPort, pageServers: [pagePort] },
        hostOrigins: [`http://127.0.0.1:${hostPort}`],
        remotes: [
          { folder: 'remote-home', port: remotePort, root: path.join(prefix, 'site/remote-home') },
        ],
        trustedProxies: ['127.0.0.1'],
      });
      return { hostPort, remotePort, seen };
    }

    it.skipIf(!nginx)(
      'refuses a path that climbs or is ambiguously escaped before any location, as the page servers do (row 3)',
      async () => {
        const { hostPort, remotePort, seen } = await edge();
        const host = { host: `127.0.0.1:${hostPort}` };
        const refused: [port: number, method: string, url: string][] = [
          [hostPort, 'GET', '/api/%2e%2e/__sandbox/outbox?to=555000002'],
          [hostPort, 'GET', '/api/%2E%2E/__sandbox/outbox?to=555000002'],
          [hostPort, 'GET', '/api/../__sandbox/outbox?to=555000002'],
          [hostPort, 'GET', '/api/.%2e/__sandbox/outbox'],
          [hostPort, 'GET', '/api/%2e%2e%2f__sandbox/outbox'],
          [hostPort, 'GET', '/api/%252e%252e/__sandbox/outbox'],
          [hostPort, 'GET', '/api/..%5c__sandbox/outbox'],
          [hostPort, 'GET', '/api/%c0%ae%c0%ae/__sandbox/outbox'],
          [hostPort, 'GET', '/api/x%00'],
          [hostPort, 'POST', '/media/%2e%2e/__sandbox/users/01001000005/ban'],
          [hostPort, 'GET', '/remote-home/releases/%2e%2e/%2e%2e/secret.txt'],
          [hostPort, 'GET', '/no-such-page/%2e%2e/recovery'],
          [remotePort, 'GET', '/releases/0123456789ab/%2e%2e/%2e%2e/../secret.txt'],
          [remotePort, 'GET', '/releases/%252e%252e/x'],
        ];
        const common = commonHeadersAsReceived();
        for (const [port, method, url] of refused) {
          const answer = await exactRequest(port, {
            method,
            path: url,
            headers: host,
            ...(method === 'POST' ? { body: '{"banned":true}' } : {}),
          });
          expect([answer.status, answer.body], url).toEqual([400, 'Bad request\n']);
          expect(answer.headers['content-type'], url).toMatch(/^text\/plain/);
          expect(answer.headers, url).toMatchObject(common);
        }
        expect(seen).toEqual([]);
        // Spellings of one path pass on as written: the page server reads them once, its way.
        for (const url of [
          '/api/user/api/%74oken/',
          '/api//user/api/token/',
          '/api/x?next=%2F..%2F',
        ]) {
          const answer = await exactRequest(hostPort, { method: 'POST', path: url, headers: host });
          expect(answer.status, url).toBe(200);
        }
        expect(seen.map(({ url }) => url)).toEqual([
          '/api/user/api/%74oken/',
          '/api//user/api/token/',
          '/api/x?next=%2F..%2F',
        ]);
      },
      20_000,
    );

    it.skipIf(!nginx)(
      'passes the page servers the scheme its trusted terminator saw and nobody else’s, and no client’s X-Forwarded-Host (rows 11, 13)',
      async () => {
        const { hostPort, seen } = await edge();
        const claims = {
          host: `127.0.0.1:${hostPort}`,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
          forwarded: 'host=evil.example;proto=https',
        };
        const terminator = await exactRequest(hostPort, { path: '/', headers: claims });
        const stranger = await exactRequest(hostPort, {
          path: '/',
          headers: claims,
          localAddress: '127.0.0.2',
        });
        expect(seen).toEqual([
          { url: '/', host: `127.0.0.1:${hostPort}`, forwardedProto: 'https' },
          { url: '/', host: `127.0.0.1:${hostPort}`, forwardedProto: 'http' },
        ]);
        const https = commonSecurityHeaders(true)['Strict-Transport-Security'];
        expect(terminator.headers['strict-transport-security']).toBe(https);
        expect(terminator.headers['content-security-policy']).toContain(
          'upgrade-insecure-requests',
        );
        expect(stranger.headers['strict-transport-security']).toBeUndefined();
        expect(stranger.headers['content-security-policy']).not.toContain(
          'upgrade-insecure-requests',
        );
      },
      20_000,
    );

    it.skipIf(!nginx)(
      'keeps a canary’s page private at the edge: the page server’s word and the bucket’s cookie (row 12)',
      async () => {
        const { hostPort, seen } = await edge();
        const ask = (headers: Record<string, string>) =>
          exactRequest(hostPort, {
            path: '/',
            headers: { host: `127.0.0.1:${hostPort}`, ...headers },
          });
        // A new visitor during a canary: given a bucket with a page no shared cache may keep.
        const given = await ask({ 'x-page-cache': 'private, no-cache' });
        expect(given.headers['set-cookie']).toEqual(['lender_bucket=7; Path=/; HttpOnly']);
        expect(given.headers['cache-control']).toBe('private, no-cache');
        const kept = await ask({ 'x-page-cache': 'private, no-cache', cookie: 'lender_bucket=7' });
        expect(kept.headers['cache-control']).toBe('private, no-cache');
        // A bucket's page nginx sends itself (no page server answering) is private too.
        await new Promise((resolve) => provider?.close(resolve));
        provider = undefined;
        const fallback = await ask({ cookie: 'lender_bucket=7' });
        expect([fallback.status, fallback.body]).toEqual([200, '<p>index']);
        expect(fallback.headers['cache-control']).toBe('private, no-cache');
        // Without a canary, a visitor's page stays shareable; a customer's, theirs alone.
        expect((await ask({})).headers['cache-control']).toBe('no-cache');
        expect((await ask({ cookie: 'user=a.b' })).headers['cache-control']).toBe(
          'private, no-store',
        );
        expect(seen).toHaveLength(2);
      },
      20_000,
    );
  });
});
