// @vitest-environment node
import { createSocket } from 'node:dgram';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { RenderPool } from './render-pool';
import { builtWorker } from './testing/built-worker';
import { slotsAtRoot } from './testing/release-origin';

/*
 * A render worker's network (issue 56, row 5): a probe from a hostile release's worker reached
 * every loopback service, the sandbox's outbox of one-time codes and the page server's runtime
 * configuration among them. Here the real worker (bundled as the build bundles it) runs such a
 * release against services this test starts, and the services count what reached them.
 */

let folder: string;
let worker: string;
let renderBundle: string;
/** The remote's origin: serves the one release below. */
let remote: Server;
/** A loopback service a slice must not reach: the provider, its outbox, a page server. */
let service: Server;
let serviceUrl: string;
/** What reached the service: each connection, each request's path. */
const reached: string[] = [];
let releaseSource = '';

beforeAll(async () => {
  ({ folder, worker, renderBundle } = await builtWorker('worker-network-'));
  remote = createServer((request, response) => {
    if (request.url?.startsWith('/remote_home/mf-manifest.json')) {
      response.setHeader('Content-Type', 'application/json');
      return response.end(
        JSON.stringify({
          metaData: { ssrRemoteEntry: { name: 'entry.cjs', path: 'ssr' } },
          exposes: [{ name: 'Probe', assets: { css: { sync: [] } } }],
        }),
      );
    }
    return response.end(releaseSource);
  });
  service = createServer((request, response) => {
    reached.push(request.url ?? '');
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ answer: request.url }));
  });
  service.on('connection', () => reached.push('a connection'));
  for (const server of [remote, service]) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const server of [remote, service]) await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

let pool: RenderPool | undefined;
let errors: string[];

beforeEach(() => {
  reached.length = 0;
  errors = [];
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** A visitor's page's one slot of remote_home, its release's module running `body`. */
async function renderProbe(body: string): Promise<string> {
  releaseSource = `exports.modules = { Probe: () => Promise.resolve({ default: async (page) => { ${body} } }) };`;
  pool = new RenderPool({
    worker,
    bundle: renderBundle,
    // The provider: the service, as a development provider and its outbox share an origin.
    apiUpstream: serviceUrl,
    unpinned: 'evaluate',
    remotes: ['remote_home'],
    identity: null,
    env: { NODE_ENV: 'test' },
    onError: (error) => errors.push(error.message),
  });
  await pool.ready();
  const key = 'remote_home#probe';
  const config = {
    remotes: [
      {
        name: 'remote_home',
        manifestUrl: `http://127.0.0.1:${(remote.address() as AddressInfo).port}/remote_home/mf-manifest.json?release=${key}`,
      },
    ],
    routeMiddleware: {},
  } as unknown as RuntimeConfig;
  const [result] = await pool.slots(
    'remote_home',
    key,
    slotsAtRoot(config, 'visitor', 5_000),
    ['remote_home/Probe' as RemoteModuleId],
    { reads: () => [] },
  );
  if (result?.outcome !== 'rendered') throw new Error(`not rendered: ${errors.join('\n')}`);
  return result.html ?? '';
}

describe('a render worker’s network', () => {
  it('is none: a slice’s code reaches no loopback service, by fetch, socket, datagram or name (issue 56, row 5)', async () => {
    const { port } = service.address() as AddressInfo;
    const udp = createSocket('udp4');
    udp.on('message', () => reached.push('a datagram'));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    try {
      const html = await renderProbe(`
        const outcome = (promise) => promise.then(() => 'reached', (error) => (error.cause ?? error).code ?? error.message);
        const { connect } = process.getBuiltinModule('net');
        const dgram = process.getBuiltinModule('dgram');
        return JSON.stringify({
          outbox: await outcome(fetch('${serviceUrl}/__sandbox/outbox?to=995555123456')),
          runtimeConfig: await outcome(fetch('${serviceUrl}/runtime-config.json')),
          socket: await outcome(new Promise((resolve, reject) => connect(${port}, '127.0.0.1', resolve).on('error', reject))),
          datagram: await outcome(new Promise((resolve, reject) => {
            const socket = dgram.createSocket('udp4').on('error', reject);
            socket.send('x', ${(udp.address() as AddressInfo).port}, '127.0.0.1', (error) => (error ? reject(error) : resolve()));
          })),
          name: await outcome(process.getBuiltinModule('dns').promises.lookup('localhost')),
        });`);
      expect(JSON.parse(html)).toEqual({
        outbox: 'ERR_ACCESS_DENIED',
        runtimeConfig: 'ERR_ACCESS_DENIED',
        socket: 'ERR_ACCESS_DENIED',
        datagram: 'ERR_ACCESS_DENIED',
        name: 'ERR_ACCESS_DENIED',
      });
      // Whatever a denial says: nothing arrived.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reached).toEqual([]);
    } finally {
      udp.close();
    }
  });

  it('is the page server’s, for what rendering needs: the provider’s public API without a session, and nothing else', async () => {
    const html = await renderProbe(`
      const asked = await Promise.all(
        ['/api/loan/calculator', '/__sandbox/outbox?to=995555123456', '/api/../runtime-config.json', '${serviceUrl}/api/x']
          .map((url) => page.fetch(url).then((answer) => answer.status + ' ' + JSON.stringify(answer.data))),
      );
      return asked.join(' | ');`);
    expect(html).toBe('200 {"answer":"/api/loan/calculator"} | 404 null | 404 null | 404 null');
    expect(reached.filter((what) => what !== 'a connection')).toEqual(['/api/loan/calculator']);
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^remote_home asked the page server to fetch the provider's \/__sandbox\/outbox/,
      ),
    );
  });

  it('fetches a worker’s release files only from under its own release folder', async () => {
    // The slice's code asks the page server for a file, as its worker asks for its release's.
    const html = await renderProbe(`
      const ask = (url, id) => new Promise((resolve) => {
        process.on('message', (message) => { if (message.type === 'file' && message.ask === id) resolve(message.status); });
        process.send({ type: 'file', ask: id, url });
      });
      return [
        await ask('${serviceUrl}/runtime-config.json', 1e6),
        await ask('http://127.0.0.1:${(remote.address() as AddressInfo).port}/remote_home/ssr/entry.cjs', 1e6 + 1),
      ].join(' ');`);
    expect(html).toBe('404 200');
    expect(reached).toEqual([]);
  });
});
