// @vitest-environment node
import { rmSync } from 'node:fs';
import type { RemoteModule } from 'host/render-entry';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { StaticServer } from '../http/static-server';
import { buildPageServerApp } from '../page-server-app';
import { inProcessRenderer } from '../render/testing/in-process-parts';
import { createPageMetrics, type PageMetrics } from './page-metrics';
import { hostRootForTests } from './testing/host-root';

/*
 * The server's own fallback signal sees what the browser sees (issue 48): a slot whose code
 * throws while the server renders it is sent as its reserved place, and the page server counts
 * it as a fallback of its slice's release, once a page. The page is put together by the page
 * server's own composer from parts rendered by the render bundle's functions, as a worker's.
 */

const HOME = 'http://localhost:3001/remote-home/releases/bbbbbbbbbbbb/mf-manifest.json';
const CALCULATOR = 'slice="remote_home",release="bbbbbbbbbbbb",slot="remote_home/LoanCalculator"';

function BrokenCalculator(): never {
  throw new Error('this release has a broken calculator');
}

const modules: Partial<Record<RemoteModuleId, RemoteModule>> = {
  'remote_home/LoanCalculator': { default: BrokenCalculator },
  'remote_home/HomeSlider': { default: () => <p>slider</p> },
  'remote_home/QuestionAnswers': { default: () => <p>questions</p> },
};

let root: string;
let app: StaticServer;
let metrics: PageMetrics;

beforeEach(async () => {
  root = hostRootForTests();
  metrics = createPageMetrics();
  app = await buildPageServerApp({
    root,
    apiUpstream: 'http://127.0.0.1:9',
    env: { HOST_ORIGINS: 'http://localhost', REMOTE_HOME_URL: HOME },
    metrics,
    pageRenderer: inProcessRenderer(modules, 'ssr/remote-entry.bbbb.cjs'),
  });
});

afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the page server's fallback signal", () => {
  it('counts a slot whose code throws in its server render as failed, once a page, as the page goes without it', async () => {
    const pages = [await app.inject({ url: '/' }), await app.inject({ url: '/' })];
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('slider');
      // The calculator's place is left for the browser to render: React marks it so.
      expect(page.body).toContain('<!--$!-->');
    }
    const text = await metrics.registry.metrics();
    expect(text).toContain(`lender_slot_fallbacks_total{${CALCULATOR},reason="failed"} 2`);
    // The slots that rendered are no fallback.
    expect(text).not.toMatch(/lender_slot_fallbacks_total\{[^}]*slot="remote_home\/HomeSlider"/);
    expect(text).not.toMatch(
      /lender_slot_fallbacks_total\{[^}]*slot="remote_home\/QuestionAnswers"/,
    );
  });
});
