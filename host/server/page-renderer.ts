import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RemoteModuleId } from 'tooling/remotes';
import { remoteNameOf } from 'tooling/remotes';
import type { Audience } from '../src/app/pages/page-slots';
import type { RemoteModuleMap } from '../src/federation/remote-modules';
import type { RuntimeConfig } from '../src/federation/runtime-config';
import type {
  RenderedPage,
  renderPage,
  ServerSlotModule,
  setProviderAddress,
} from '../src/ssr/render-page';
import { RemoteReleases } from './remote-releases';

/** What the host's render bundle (dist-ssr/render-page.cjs, tooling/rspack/server-config) exports. */
interface RenderBundle {
  renderPage: typeof renderPage;
  setProviderAddress: typeof setProviderAddress;
  sharedScope: Record<string, () => unknown>;
}

export interface PageRendererOptions {
  /** The render bundle's file. */
  bundle: string;
  /** The provider's base address: the server asks it for public answers (the calculator's). */
  apiUpstream: string;
  /** How long a page may wait for its slots' code and data before it is sent without them. */
  budgetMs?: number;
  revalidateMs?: number;
  /** Whether a remote without pins is rendered here (development) or left to the browser. */
  unpinned?: 'evaluate' | 'refuse';
  onError?: (error: unknown) => void;
}

export type ServerPage = Extract<RenderedPage, { kind: 'page' }> & {
  /** Each server-rendered slot's style sheets, for the page's head. */
  styles: string[];
};

export interface PageRenderer {
  render(
    url: string,
    config: RuntimeConfig,
    audience: Audience,
  ): Promise<ServerPage | Exclude<RenderedPage, { kind: 'page' }>>;
}

/** The slot's module of its remote's current release (rejects: the browser renders it). */
async function loadSlot<Id extends RemoteModuleId>(
  releases: RemoteReleases,
  config: RuntimeConfig,
  id: Id,
  styles: Set<string>,
): Promise<ServerSlotModule<Id>> {
  const name = remoteNameOf(id);
  const remote = config.remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`${name} is not configured`);
  const release = await releases.current(remote);
  const moduleName = id.slice(name.length + 1);
  const load = release?.modules[moduleName];
  if (!release || !load) throw new Error(`${id} has no server code in its current release`);
  const module = (await load()) as RemoteModuleMap[Id];
  for (const sheet of release.styles[moduleName] ?? []) styles.add(sheet);
  return { module, release: release.id };
}

/**
 * The server's renderer of pages (decision 020), or undefined when the host was built without
 * one: the page is then the browser's to render, as before.
 */
export function loadPageRenderer(options: PageRendererOptions): PageRenderer | undefined {
  if (!existsSync(options.bundle)) return undefined;
  const bundle = createRequire(import.meta.url)(options.bundle) as RenderBundle;
  bundle.setProviderAddress(options.apiUpstream);
  const releases = new RemoteReleases({
    sharedScope: bundle.sharedScope,
    ...(options.revalidateMs !== undefined ? { revalidateMs: options.revalidateMs } : {}),
    unpinned: options.unpinned ?? 'refuse',
    ...(options.onError ? { onRefused: options.onError } : {}),
  });
  const budgetMs = options.budgetMs ?? 400;
  return {
    async render(url, config, audience) {
      const styles = new Set<string>();
      const rendered = await bundle.renderPage({
        url,
        audience,
        config,
        deadline: Date.now() + budgetMs,
        loadSlot: (id) => loadSlot(releases, config, id, styles),
        ...(options.onError ? { onError: options.onError } : {}),
      });
      if (rendered.kind !== 'page') return rendered;
      return { ...rendered, styles: [...styles] };
    },
  };
}
