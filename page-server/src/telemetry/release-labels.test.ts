// @vitest-environment node
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildPageServerApp } from '../page-server-app';
import { builtWorker } from '../render/testing/built-worker';
import { createPageMetrics } from './page-metrics';
import { hostRootForTests } from './testing/host-root';

/*
 * `lender_releases_total` as a real page server counts it: its render workers (the real worker
 * script) load a remote's release from an origin, and the release is labelled by the id in its
 * manifest's address — the label every other series of that release carries.
 */

const RELEASE = 'abcdef012345';

let folder: string;
let origin: Server;
let originUrl: string;

beforeAll(async () => {
  ({ folder } = await builtWorker('release-labels-'));
  origin = createServer((request, response) => {
    if (request.url?.endsWith('/mf-manifest.json')) {
      response.setHeader('Content-Type', 'application/json');
      return response.end(
        JSON.stringify({
          metaData: { ssrRemoteEntry: { name: 'remoteEntry.cjs', path: 'ssr' } },
          exposes: [],
        }),
      );
    }
    return response.end(
      "exports.modules = { HomeSlider: async () => ({ default: () => 'slider' }) };",
    );
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => origin.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('lender_releases_total', () => {
  it('names the release a render worker loaded by the id in its manifest address', async () => {
    const root = hostRootForTests();
    const metrics = createPageMetrics();
    const app = await buildPageServerApp({
      root,
      apiUpstream: 'http://127.0.0.1:9',
      env: {
        HOST_ORIGINS: 'http://localhost',
        RENDER_WORKER_USER: '-',
        REMOTE_HOME_URL: `${originUrl}/remote-home/releases/${RELEASE}/mf-manifest.json`,
      },
      metrics,
      renderBundle: path.join(folder, 'render-page.cjs'),
      renderWorker: path.join(folder, 'render-worker.mjs'),
    });
    try {
      // On a loaded machine a page can go out before a render worker has started, its slot
      // left to the browser and no release loaded (CI, twice): pages are asked, as visitors
      // would ask them, until a worker has loaded it.
      const evaluated = new RegExp(
        `lender_releases_total\\{slice="remote_home",release="${RELEASE}",outcome="evaluated"\\} [1-9]`,
      );
      await vi.waitFor(
        async () => {
          await app.inject({ url: '/' });
          expect(await metrics.registry.metrics()).toMatch(evaluated);
        },
        { timeout: 45_000, interval: 250 },
      );
      expect(await metrics.registry.metrics()).not.toContain('release="other"');
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
