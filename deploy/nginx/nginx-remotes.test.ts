import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exactRequest, rawRequest } from 'page-server/http/raw-request';
import { IMMUTABLE } from 'release-contract/build-output';
import { describe, expect, it } from 'vitest';
import { findNginx } from './nginx-binary';
import { REMOTE_FILE_CSP } from './nginx-remotes';
import { freePorts, httpAnswer, nginxRuns, runNginx } from './testing/running-nginx';
import { commonHeadersAsReceived, site } from './testing/test-site';

describe('the written configuration', () => {
  const nginx = findNginx();
  const run = nginxRuns();

  it.skipIf(!nginx)(
    'serves what loads a release, hashed files for good, and never a page, a source map or stats',
    async () => {
      const prefix = run.newPrefix('nginx-remote-');
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
      run.server = await runNginx({
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
});
