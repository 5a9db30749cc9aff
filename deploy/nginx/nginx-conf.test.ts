import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { headersOf, rawRequest } from 'page-server/http/raw-request';
import { commonSecurityHeaders } from 'page-server/http/security-headers';
import { UNPUBLISHED } from 'release-contract/build-output';
import { describe, expect, it } from 'vitest';
import { findNginx } from './nginx-binary';
import { renderNginxConf } from './nginx-conf';
import { quoted } from './nginx-syntax';
import { freePorts, httpAnswer, nginxRuns, runNginx } from './testing/running-nginx';
import { commonHeadersAsReceived, hostBlock, site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));
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
});

describe('the written configuration', () => {
  const nginx = findNginx();
  const run = nginxRuns();

  it.skipIf(!nginx)('is accepted by nginx itself (nginx -t)', () => {
    const prefix = run.newPrefix('nginx-conf-');
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
      const prefix = run.newPrefix('nginx-run-');
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
      run.provider = createServer((request, response) => {
        if (!request.url?.startsWith('/api/')) {
          request.socket.destroy();
          return;
        }
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ amount: ['არასწორია.'] }));
      });
      const [hostPort = 0, remotePort = 0, pageServer = 0] = await freePorts(3);
      await new Promise<void>((resolve) => run.provider?.listen(pageServer, '127.0.0.1', resolve));
      const base = site(prefix);
      run.server = await runNginx({
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
});
