import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { KEEP_ALIVE_TIMEOUT_MS } from 'page-server/http/static-server';
import { IMMUTABLE } from 'release-contract/build-output';
import { describe, expect, it } from 'vitest';
import { findNginx } from './nginx-binary';
import { renderNginxConf } from './nginx-conf';
import { REMOTE_FILE_CSP } from './nginx-remotes';
import { freePorts, httpAnswer, nginxRuns, runNginx } from './testing/running-nginx';
import { site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it('closes an idle connection to a page server before the page server does, so none is reused as it closes', () => {
    for (const upstream of ['page_servers', 'beacon_servers']) {
      const block = conf.slice(conf.indexOf(`upstream ${upstream} {`));
      const timeout = block.slice(0, block.indexOf('}')).match(/\n {4}keepalive_timeout (\d+)s;/);
      expect(timeout, upstream).not.toBeNull();
      expect(Number(timeout?.[1]) * 1000, upstream).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
    }
  });
});

describe('the written configuration', () => {
  const nginx = findNginx();
  const run = nginxRuns();

  it.skipIf(!nginx)(
    'balances over page servers on other machines and passes releases to the release origin',
    async () => {
      const prefix = run.newPrefix('nginx-machines-');
      for (const dir of ['logs', 'temp', 'site/host', 'site/remote-home']) {
        mkdirSync(path.join(prefix, dir), { recursive: true });
      }
      // A page server on another loopback address (another machine), and the release origin,
      // which sends caching of its own that the site's replaces.
      const [hostPort = 0, pagePort = 0] = await freePorts(2);
      run.provider = createServer((request, response) => {
        response.end(`page server ${request.socket.localAddress}`);
      });
      await new Promise<void>((resolve) => run.provider?.listen(pagePort, '127.0.0.3', resolve));
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
      run.server = await runNginx({
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
});
