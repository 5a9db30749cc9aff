import { existsSync } from 'node:fs';
import type { Audience } from 'release-contract/page-state';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import type { ServerRenderHealth } from '../telemetry/page-server-health';
import { PageComposer, remotesRenderedOnServer, type ServerPage } from './page-composer';
import { type CustomerFetch, RenderPool, type RenderPoolOptions } from './render-pool';

export interface PageRendererOptions {
  /** The render bundle's file. */
  bundle: string;
  /** The render worker's script (dist/render-worker.mjs). */
  worker: string;
  /** The provider's base address: the server asks it for public answers (the calculator's). */
  apiUpstream: string;
  /** The server's environment (workers see none of it but NODE_ENV and TZ). */
  env: Record<string, string | undefined>;
  /** How long a page may wait for its slots' code and data before it is sent without them. */
  budgetMs?: number;
  revalidateMs?: number;
  /** Whether a remote without pins is rendered here (development) or left to the browser. */
  unpinned?: 'evaluate' | 'refuse';
  /** The pool's own settings (tests and benchmarks). */
  pool?: Pick<
    RenderPoolOptions,
    'size' | 'stallMs' | 'heapMb' | 'recycleAfterReleases' | 'exposeGc' | 'identity'
  >;
  onError?: (error: unknown) => void;
  /** A render worker stopped, and what it was running (render-pool). */
  onStopped?: (error: Error) => void;
  /** A release a worker loaded, by the page server's name for it (the page server's metrics). */
  onRelease?: RenderPoolOptions['onLoaded'];
  /** No render worker can start on this runtime: said once (render-pool). */
  onUnavailable?: RenderPoolOptions['onUnavailable'];
}

export interface PageRenderer {
  /** A customer's page is rendered with `fetch`, which asks the provider with their session. */
  render(
    url: string,
    config: RuntimeConfig,
    audience: Audience,
    fetch?: CustomerFetch,
  ): Promise<ServerPage>;
  /** The workers' memory (benchmarks). */
  memory: RenderPool['memory'];
  /** Once every worker can render, or none can start (tests, benchmarks). */
  ready(): Promise<void>;
  /** Whether it renders on the server (the page server's health); a stand-in may not say. */
  health?(): ServerRenderHealth;
  close(): Promise<void>;
}

/**
 * The server's renderer of pages (decisions 020, 032): render workers for the host and for each
 * slice, and the page server's composer of their parts; undefined when the host was built
 * without a render bundle: the page is then the browser's to render.
 */
export function loadPageRenderer(options: PageRendererOptions): PageRenderer | undefined {
  if (!existsSync(options.bundle) || !existsSync(options.worker)) return undefined;
  const onError = options.onError ?? (() => {});
  const pool = new RenderPool({
    worker: options.worker,
    bundle: options.bundle,
    apiUpstream: options.apiUpstream,
    env: options.env,
    remotes: remotesRenderedOnServer(),
    unpinned: options.unpinned ?? 'refuse',
    ...(options.revalidateMs !== undefined ? { revalidateMs: options.revalidateMs } : {}),
    ...options.pool,
    onError,
    ...(options.onStopped ? { onStopped: options.onStopped } : {}),
    ...(options.onRelease ? { onLoaded: options.onRelease } : {}),
    ...(options.onUnavailable ? { onUnavailable: options.onUnavailable } : {}),
  });
  const composer = new PageComposer(pool, { budgetMs: options.budgetMs ?? 400, onError });
  return {
    render: (url, config, audience, fetch) => composer.render(url, config, audience, fetch),
    memory: () => pool.memory(),
    ready: () => pool.ready(),
    health: () => pool.health(),
    close: () => pool.close(),
  };
}

/** How long a starting page server waits for its render workers (render-pool's own start allowance). */
export const RENDERER_START_ALLOWANCE_MS = 15_000;

/** Once the renderer can render, or once `allowanceMs` has passed, whichever comes first. */
export async function readyWithin(renderer: PageRenderer, allowanceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    renderer.ready(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, allowanceMs);
    }),
  ]);
  clearTimeout(timer);
}
