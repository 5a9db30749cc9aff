import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Audience } from 'release-contract/page-state';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import type { CustomerFetch, RenderPool } from '../render-pool';
import type { SlotResult } from '../render-protocol';

/*
 * Remotes served over HTTP for a render pool under test: each remote's current server bundle,
 * which a test swaps to do what a compromised or broken release would.
 */

/** A release's server bundle whose modules each return what their body returns. */
export const serverBundle = (body: string, topLevel = '', module = 'Probe') =>
  `${topLevel}
exports.modules = { ${module}: () => Promise.resolve({ default: async (page) => { ${body} } }) };`;

/**
 * What the probe did from a release: Buffers (outside the heap its limit bounds), 64 MB
 * every `everyMs`, starting after `afterMs`, up to 512 MB (for the machine's sake, should a cap
 * not hold); its module returns `returns`.
 */
export const hoardingBundle = (returns: string, everyMs: number, afterMs = 0) =>
  serverBundle(
    `return ${JSON.stringify(returns)};`,
    `const kept = [];
    setTimeout(() => {
      const grow = setInterval(() => {
        kept.push(Buffer.alloc(64 * 1024 * 1024, 1));
        if (kept.length === 8) clearInterval(grow);
      }, ${everyMs});
    }, ${afterMs});`,
  );

export interface ReleaseOrigin {
  origin: string;
  /** What the origin serves for `remote` from now on. */
  release(remote: string, id: string, source: string): void;
  /**
   * The page's configuration naming each remote's release: `key`, the release as the page
   * server names it, is in the manifest's address (which the origin ignores), so a new key is a
   * rollout.
   */
  config(key: string, ...names: string[]): RuntimeConfig;
  close(): Promise<void>;
}

export async function serveReleases(): Promise<ReleaseOrigin> {
  const releases = new Map<string, { id: string; source: string }>();
  const server = createServer((request, response) => {
    const [, name, file] = request.url?.match(/^\/([^/]+)\/([^?]+)/) ?? [];
    const current = name ? releases.get(name) : undefined;
    if (!current) return response.writeHead(404).end();
    if (file === 'mf-manifest.json') {
      response.setHeader('Content-Type', 'application/json');
      return response.end(
        JSON.stringify({
          metaData: { ssrRemoteEntry: { name: `${current.id}.cjs`, path: 'ssr' } },
          exposes: ['Probe', 'Calculator', 'Other'].map((exposed) => ({
            name: exposed,
            assets: { css: { sync: [] } },
          })),
        }),
      );
    }
    return response.end(current.source);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    release: (remote, id, source) => releases.set(remote, { id, source }),
    config: (key, ...names) =>
      ({
        remotes: names.map((name) => ({
          name,
          manifestUrl: `${origin}/${name}/mf-manifest.json?release=${encodeURIComponent(key)}`,
        })),
        routeMiddleware: {},
      }) as unknown as RuntimeConfig,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SlotAsk {
  slot?: string;
  key?: string;
  budgetMs?: number;
  fetch?: CustomerFetch;
  reads?: string[];
}

/** The question the page server asks a slice's worker for its slots of a page at `/`, without an account. */
export const slotsAtRoot = (
  config: RuntimeConfig,
  audience: Audience,
  budgetMs = 2_000,
): Parameters<RenderPool['slots']>[2] => ({
  type: 'slots',
  url: '/',
  audience,
  config,
  deadline: Date.now() + budgetMs,
  account: null,
});

/**
 * Slots of a remote's release (`key`: the release as the page server names it) in one question,
 * as the page server asks for a page's; a customer's page when `fetch` is given, reading `reads`.
 */
export function askSlots(
  pool: RenderPool,
  releases: ReleaseOrigin,
  remote: string,
  key: string,
  slots: readonly string[],
  options: Omit<SlotAsk, 'slot' | 'key'> = {},
): Promise<SlotResult[]> {
  return pool.slots(
    remote,
    key,
    slotsAtRoot(
      releases.config(key, remote),
      options.fetch ? 'customer' : 'visitor',
      options.budgetMs,
    ),
    slots.map((slot) => `${remote}/${slot}` as RemoteModuleId),
    { reads: () => options.reads ?? [], ...(options.fetch ? { fetch: options.fetch } : {}) },
  );
}

/** One slot of a remote's release (its `Probe` unless `slot` says), asked as askSlots asks. */
export async function askSlot(
  pool: RenderPool,
  releases: ReleaseOrigin,
  remote: string,
  options: SlotAsk = {},
): Promise<SlotResult> {
  const [result] = await askSlots(
    pool,
    releases,
    remote,
    options.key ?? `${remote}#test`,
    [options.slot ?? 'Probe'],
    options,
  );
  if (!result) throw new Error('no result');
  return result;
}

/** A slot's markup, or its outcome when it has none. */
export const slotHtml = (result: SlotResult) =>
  result.outcome === 'rendered' ? (result.html ?? 'no markup') : result.outcome;
