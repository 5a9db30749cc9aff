import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOST_APP, portOf, REMOTE_APPS } from 'release-contract/apps';
import { expect, test } from '../fixtures';
import { SERVED } from '../utils/tags';

/*
 * Issue 28's probe: a stranger on another loopback address serves a manifest whose server
 * bundle would write a file, and a request to the host names the stranger in its Host header
 * (DNS rebinding does the same from any page a developer opens). The host must answer 421 and
 * fetch nothing from the stranger; through `pnpm start` and through nginx alike.
 */
const STRANGER = '127.0.0.2';
const strangerPort = portOf(REMOTE_APPS[0] ?? HOST_APP);

/** What the host answers a request naming `host`: its status and body. */
function askNaming(host: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: portOf(HOST_APP), path: url, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

let stranger: Server;
let asked: string[];
let folder: string;
let marker: string;

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'host-header-'));
  marker = path.join(folder, 'ran');
  asked = [];
  stranger = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.endsWith('mf-manifest.json')) {
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({
          metaData: { ssrRemoteEntry: { name: 'evil.cjs', path: 'ssr' } },
          exposes: [],
        }),
      );
      return;
    }
    response.end(`require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`);
  });
  await new Promise<void>((resolve, reject) => {
    stranger.once('error', reject);
    stranger.listen(strangerPort, STRANGER, resolve);
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => stranger.close(() => resolve()));
  rmSync(folder, { recursive: true, force: true });
});

test('a request naming another host is refused, and nothing is fetched from it or run', {
  tag: SERVED,
}, async () => {
  const hostPort = portOf(HOST_APP);
  for (const host of [`${STRANGER}:${hostPort}`, `rebound.example:${hostPort}`]) {
    for (const url of ['/', '/static', '/recovery', '/runtime-config.json']) {
      const answer = await askNaming(host, url);
      expect(answer.status, `${host}${url}`).toBe(421);
      expect(answer.body, `${host}${url}`).not.toContain('manifestUrl');
    }
  }
  // Whatever the server might have fetched in the background has had time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(asked).toEqual([]);
  expect(existsSync(marker)).toBe(false);
});

test('the host still answers the names `pnpm start` serves it on', { tag: SERVED }, async () => {
  const hostPort = portOf(HOST_APP);
  for (const host of [`localhost:${hostPort}`, `127.0.0.1:${hostPort}`]) {
    expect((await askNaming(host, '/static')).status, host).toBe(200);
  }
});
