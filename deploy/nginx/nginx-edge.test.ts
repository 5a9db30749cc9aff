import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { exactRequest } from 'page-server/http/raw-request';
import { commonSecurityHeaders } from 'page-server/http/security-headers';
import { describe, expect, it } from 'vitest';
import { findNginx } from './nginx-binary';
import { renderNginxConf } from './nginx-conf';
import { freePorts, nginxRuns, runNginx } from './testing/running-nginx';
import { commonHeadersAsReceived, site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

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
});

describe('the written configuration', () => {
  const nginx = findNginx();
  const run = nginxRuns();

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
      const prefix = run.newPrefix('nginx-edge-');
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
      run.provider = createServer((request, response) => {
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
      await new Promise<void>((resolve) => run.provider?.listen(pagePort, '127.0.0.1', resolve));
      const base = site(prefix);
      run.server = await runNginx({
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
        await new Promise((resolve) => run.provider?.close(resolve));
        run.provider = undefined;
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
