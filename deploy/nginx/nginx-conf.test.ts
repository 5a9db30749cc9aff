import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CSP_REPORT_PATH,
  commonSecurityHeaders,
  contentSecurityPolicy,
} from 'tooling/server/security-headers';
import { UNPUBLISHED } from 'tooling/server/static-server';
import { afterEach, describe, expect, it } from 'vitest';
import { findNginx } from './nginx-binary';
import { type NginxSite, renderNginxConf } from './nginx-conf';
import { quoted } from './nginx-syntax';
import { releaseId } from './site';

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
    apiUpstream: 'http://127.0.0.1:18100',
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

/** The server block of the host: everything from its `listen` to the next server block. */
const hostBlock = (conf: string) =>
  conf.slice(conf.indexOf('listen 127.0.0.1:18000'), conf.indexOf('listen 127.0.0.1:18001'));

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
      'upstream page_servers {\n    server 127.0.0.1:18010 max_fails=1 fail_timeout=2s;\n    server 127.0.0.1:18011 max_fails=1 fail_timeout=2s;',
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

  it('hands every provider folder to the provider, and nothing else', () => {
    const host = hostBlock(conf);
    for (const prefix of ['/api/', '/media/', '/cms/uploads/']) {
      expect(host).toContain(`location ${prefix} {\n      proxy_pass http://127.0.0.1:18100;`);
    }
    expect(host.match(/proxy_pass http:\/\/127\.0\.0\.1:18100;/g)).toHaveLength(3);
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

  it('takes the client’s address from trusted proxies only, and vouches for it to the provider', () => {
    expect(conf).not.toContain('set_real_ip_from');
    expect(conf).toContain('proxy_set_header X-Proxy-Secret "";');
    const behind = renderNginxConf({
      ...site('/srv/lender'),
      trustedProxies: ['10.1.0.0/16'],
      proxySecret: 'the-proxy',
    });
    expect(behind).toContain(
      'set_real_ip_from 10.1.0.0/16;\n  real_ip_header X-Forwarded-For;\n  real_ip_recursive on;',
    );
    expect(behind).toContain('proxy_set_header X-Proxy-Secret "the-proxy";');
    expect(behind).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });

  it('refuses a value nginx would read as a variable', () => {
    expect(() => quoted('a $variable')).toThrow(/cannot quote/);
  });
});

describe('the written configuration', () => {
  const nginx = findNginx();
  let prefix = '';
  afterEach(() => rmSync(prefix, { recursive: true, force: true }));

  it.skipIf(!nginx)('is accepted by nginx itself (nginx -t)', () => {
    prefix = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'));
    for (const dir of ['logs', 'temp', 'site/host', 'site/remote-home']) {
      mkdirSync(path.join(prefix, dir), { recursive: true });
    }
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      renderNginxConf({ ...site(prefix), trustedProxies: ['10.1.0.0/16'], proxySecret: 's3cret' }),
    );
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
});

describe('releaseId', () => {
  let build = '';
  afterEach(() => rmSync(build, { recursive: true, force: true }));

  it('names a build by what it publishes: the same files, the same release; a source map is not published', () => {
    build = mkdtempSync(path.join(tmpdir(), 'release-'));
    writeFileSync(path.join(build, 'mf-manifest.json'), '{}');
    writeFileSync(path.join(build, 'main.0123abcd.js'), 'one');
    const first = releaseId(build);
    writeFileSync(path.join(build, 'main.0123abcd.js.map'), '{}');
    expect(releaseId(build)).toBe(first);
    writeFileSync(path.join(build, 'main.0123abcd.js'), 'two');
    expect(releaseId(build)).not.toBe(first);
  });
});
