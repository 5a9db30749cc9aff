// @vitest-environment node

import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { integrityOf } from 'release-contract/release-integrity';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { signReleasesDocument } from 'release-contract/signed-releases';
import { createPageMetrics, type PageMetrics } from '../telemetry/page-metrics';
import { openReleasesSource, type ReleasesSource, releasesRefreshMs } from './releases-source';

const pins = {
  entry: integrityOf('entry'),
  server: integrityOf('server'),
  manifest: integrityOf('manifest'),
};
const manifest = (id: string) =>
  `https://releases.example/remote-home/releases/${id}/mf-manifest.json`;
const STABLE = 'aaaaaaaaaaaa';
const NEXT = 'bbbbbbbbbbbb';

function documentOf(stable: string, canary?: { id: string; percent: number }): ReleasesDocument {
  return {
    remotes: [
      {
        name: 'remote_home',
        manifestUrl: manifest(stable),
        integrity: pins,
        ...(canary
          ? {
              canary: {
                manifestUrl: manifest(canary.id),
                percent: canary.percent,
                integrity: pins,
              },
            }
          : {}),
      },
      // The other slices, unchanged throughout: production needs every one pinned.
      ...(['remote_account', 'remote_loans'] as const).map((name) => ({
        name,
        manifestUrl: `https://releases.example/${name}/releases/cccccccccccc/mf-manifest.json`,
        integrity: pins,
      })),
    ],
  };
}
const rollout = generateKeyPairSync('ed25519');
const publicKey = rollout.publicKey;
/** Each document signed a second after the last, as successive rollout steps are. */
let clock = Date.parse('2026-11-30T09:00:00Z');
const text = (document: ReleasesDocument) => {
  clock += 1000;
  return signReleasesDocument(document, rollout.privateKey, new Date(clock));
};

/** One metric's samples (remote-home's, for a metric by slice), as Prometheus would read them. */
async function samples(metrics: PageMetrics, name: string) {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  return (metric?.values ?? [])
    .filter((value) => value.labels.slice === undefined || value.labels.slice === 'remote_home')
    .map((value) => ({ labels: value.labels, value: value.value }));
}
const reads = async (metrics: PageMetrics, outcome: string) =>
  (await samples(metrics, 'lender_releases_document_reads_total')).find(
    (sample) => sample.labels.outcome === outcome,
  )?.value ?? 0;
const stale = async (metrics: PageMetrics) =>
  (await samples(metrics, 'lender_releases_document_stale'))[0]?.value;
const homeOf = (source: ReleasesSource) => source.current().remotes[0]?.manifestUrl;

let folder: string;
let opened: ReleasesSource[] = [];
const open = async (options: Parameters<typeof openReleasesSource>[0]) => {
  const source = await openReleasesSource(options);
  opened.push(source);
  return source;
};

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'releases-source-'));
});
afterEach(() => {
  for (const source of opened) source.stop();
  opened = [];
  rmSync(folder, { recursive: true, force: true });
});

describe('the releases document from a file (a ConfigMap mount)', () => {
  /** A production page server's source, read again only when the test says. */
  const openFile = (file: string, metrics: PageMetrics, warn: (message: string) => void) =>
    open({ source: file, metrics, publicKey, production: true, refreshMs: 0, warn });
  /** Replaced as a ConfigMap is: the new file moved into place, not written over. */
  const replace = (file: string, content: string) => {
    writeFileSync(`${file}.new`, content);
    renameSync(`${file}.new`, file);
  };

  it('follows a replaced document, keeps the last good one over a broken one and says so, and recovers', async () => {
    const file = path.join(folder, 'releases.json');
    writeFileSync(file, await text(documentOf(STABLE)));
    const metrics = createPageMetrics();
    const warn = vi.fn();
    const source = await openFile(file, metrics, warn);
    expect(homeOf(source)).toBe(manifest(STABLE));
    expect(await stale(metrics)).toBe(0);
    expect(await samples(metrics, 'lender_release_pinned')).toEqual([
      { labels: { slice: 'remote_home', release: STABLE, role: 'stable' }, value: 1 },
    ]);

    replace(file, await text(documentOf(STABLE, { id: NEXT, percent: 10 })));
    expect(await source.refresh()).toBe('changed');
    expect(source.current().remotes[0]?.canary?.percent).toBe(10);
    expect(await samples(metrics, 'lender_release_canary_percent')).toEqual([
      { labels: { slice: 'remote_home' }, value: 10 },
    ]);
    expect(await source.refresh()).toBe('unchanged');

    // The canary promoted: its release is the stable one, the old one's series gone.
    replace(file, await text(documentOf(NEXT)));
    expect(await source.refresh()).toBe('changed');
    expect(await samples(metrics, 'lender_release_pinned')).toEqual([
      { labels: { slice: 'remote_home', release: NEXT, role: 'stable' }, value: 1 },
    ]);

    replace(file, '{"remotes": [');
    expect(await source.refresh()).toBe('failed');
    // Valid JSON, but not a document production may serve (no manifest digest).
    const unpinned = documentOf(STABLE);
    delete unpinned.remotes[0]?.integrity;
    replace(file, await text(unpinned));
    expect(await source.refresh()).toBe('failed');
    rmSync(file);
    expect(await source.refresh()).toBe('failed');
    expect(homeOf(source)).toBe(manifest(NEXT));
    expect(await stale(metrics)).toBe(1);
    expect(await reads(metrics, 'failed')).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);

    replace(file, await text(documentOf(STABLE)));
    expect(await source.refresh()).toBe('changed');
    expect(homeOf(source)).toBe(manifest(STABLE));
    expect(await stale(metrics)).toBe(0);
    expect(await reads(metrics, 'changed')).toBe(4);
    expect(await reads(metrics, 'unchanged')).toBe(1);
    const loaded = (await samples(metrics, 'lender_releases_document_loaded_timestamp_seconds'))[0];
    expect(Math.abs((loaded?.value ?? 0) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('believes only what the rollout signed: an unsigned, a forged or an older document is refused, the last good one kept, and the metrics say so', async () => {
    const file = path.join(folder, 'releases.json');
    const before = await text(documentOf(STABLE));
    writeFileSync(file, await text(documentOf(STABLE)));
    const metrics = createPageMetrics();
    const warn = vi.fn();
    const source = await openFile(file, metrics, warn);

    // What the probe did: a document naming its own release, with that release's digests.
    replace(file, JSON.stringify(documentOf(NEXT)));
    expect(await source.refresh()).toBe('refused');
    const forger = generateKeyPairSync('ed25519');
    replace(file, await signReleasesDocument(documentOf(NEXT), forger.privateKey));
    expect(await source.refresh()).toBe('refused');
    // The rollout's own document from before: put back, it would undo a rollback.
    replace(file, before);
    expect(await source.refresh()).toBe('refused');

    expect(homeOf(source)).toBe(manifest(STABLE));
    expect(await stale(metrics)).toBe(1);
    expect(await reads(metrics, 'refused')).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('is refused: it is not signed');

    replace(file, await text(documentOf(NEXT)));
    expect(await source.refresh()).toBe('changed');
    expect(homeOf(source)).toBe(manifest(NEXT));
    expect(await stale(metrics)).toBe(0);
  });

  it('does not start on a document the rollout did not sign', async () => {
    const file = path.join(folder, 'releases.json');
    writeFileSync(file, JSON.stringify(documentOf(STABLE)));
    const metrics = createPageMetrics();
    await expect(
      openReleasesSource({ source: file, metrics, publicKey, production: true, refreshMs: 0 }),
    ).rejects.toThrow(`RELEASES_SOURCE=${file}) is refused: it is not signed`);
    expect(await reads(metrics, 'refused')).toBe(1);
  });

  it('reads it again on its own, every refresh', async () => {
    const file = path.join(folder, 'releases.json');
    writeFileSync(file, await text(documentOf(STABLE)));
    const source = await open({
      source: file,
      metrics: createPageMetrics(),
      publicKey,
      production: true,
      refreshMs: 20,
    });
    replace(file, await text(documentOf(NEXT)));
    await vi.waitFor(() => expect(homeOf(source)).toBe(manifest(NEXT)));
  });

  it('does not start without a good document, and says where it looked', async () => {
    const file = path.join(folder, 'missing.json');
    await expect(
      openReleasesSource({
        source: file,
        metrics: createPageMetrics(),
        publicKey,
        production: false,
        refreshMs: 0,
      }),
    ).rejects.toThrow(`RELEASES_SOURCE=${file}`);
  });
});

describe('the releases document from an http(s) address', () => {
  let server: Server;
  let answer: { status: number; body?: string; etag?: string; hang?: boolean };
  let conditional: (string | undefined)[];
  let url: string;

  beforeEach(async () => {
    conditional = [];
    answer = { status: 200, body: await text(documentOf(STABLE)), etag: '"v1"' };
    server = createServer((request, response) => {
      conditional.push(request.headers['if-none-match']);
      if (answer.hang) return; // never answers: the read must time out
      if (answer.etag && request.headers['if-none-match'] === answer.etag) {
        response.writeHead(304).end();
        return;
      }
      response
        .writeHead(answer.status, {
          'content-type': 'application/json',
          ...(answer.etag ? { etag: answer.etag } : {}),
        })
        .end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases.json`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks with the last ETag, takes a 304 as unchanged, and keeps the last good one over a 500 and a timeout', async () => {
    const metrics = createPageMetrics();
    const source = await open({
      source: url,
      metrics,
      publicKey,
      production: true,
      refreshMs: 0,
      timeoutMs: 300,
      warn: () => {},
    });
    expect(await source.refresh()).toBe('unchanged');
    expect(conditional).toEqual([undefined, '"v1"']);

    answer = { status: 500, body: 'down' };
    expect(await source.refresh()).toBe('failed');
    expect(await stale(metrics)).toBe(1);
    answer = { status: 200, hang: true };
    expect(await source.refresh()).toBe('failed');
    expect(homeOf(source)).toBe(manifest(STABLE));

    answer = { status: 200, body: await text(documentOf(NEXT)), etag: '"v2"' };
    expect(await source.refresh()).toBe('changed');
    expect(homeOf(source)).toBe(manifest(NEXT));
    expect(await stale(metrics)).toBe(0);
    expect(await reads(metrics, 'failed')).toBe(2);
    // A broken answer's ETag is not kept: the next ask still names the good one.
    answer = { status: 200, body: '{', etag: '"v3"' };
    expect(await source.refresh()).toBe('failed');
    expect(conditional.at(-1)).toBe('"v2"');
    expect(await source.refresh()).toBe('failed');
    expect(conditional.at(-1)).toBe('"v2"');
  });

  it('reads a file every second and an address every 5 s unless told otherwise', () => {
    expect(releasesRefreshMs({}, '/etc/releases/releases.json')).toBe(1000);
    expect(releasesRefreshMs({}, url)).toBe(2000);
    expect(releasesRefreshMs({ RELEASES_REFRESH_SECONDS: '0.5' }, url)).toBe(500);
    expect(() => releasesRefreshMs({ RELEASES_REFRESH_SECONDS: 'often' }, url)).toThrow(
      'RELEASES_REFRESH_SECONDS',
    );
  });
});
