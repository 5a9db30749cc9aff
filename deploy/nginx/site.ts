import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { REMOTE_APPS } from 'release-contract/apps';
import { buildRuntimeConfig, runtimeConfigWithReleases } from 'release-contract/config-from-env';
import { type ReleasesDocument, releasesDocumentOf } from 'release-contract/releases-document';
import { ROUTE_TABLE } from 'release-contract/routes';
import {
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
  stableConfig,
} from 'release-contract/runtime-config';
import { NGINX_DIR, REPO_ROOT, SITE_DIR } from '../deploy-paths';
import { deployedStore } from '../rollout/deployed-store';
import type { Env } from '../rollout/release-store';
import {
  pinnedDocument,
  publish,
  releaseRemote,
  releaseUrl,
  withRegisteredDigests,
} from '../rollout/releases';
import { standInPage } from './stand-in-page';

/**
 * The folder nginx serves, laid out as a static host or CDN would hold the product:
 *
 *   site/host/                          the host's build, with its pages rendered (below)
 *   site/<remote>/releases/<id>/        every release of a remote: the default release origin
 *                                       (rollout/release-origin.ts)
 */

export const HOST_SITE = path.join(SITE_DIR, 'host');

function writeCompressed(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

/** Who a page is rendered for: nginx picks by the session cookie, as the Node server does. */
export const AUDIENCES = ['visitor', 'customer'] as const;

/** The name of a rendered page: each route's id, and `not-found` for every unknown path. */
export const NOT_FOUND_PAGE = 'not-found';

/**
 * Writes the host's pages with the runtime configuration in them, as the Node server renders
 * them per request: `pages/<route>.<audience>.html` for every route and the not-found page,
 * each hinting the remotes its first screen loads for a visitor or a customer, and
 * `/runtime-config.json`. Run again after changing the releases document: that is the whole
 * of a slice's rollout or rollback for the pages nginx sends itself (the page servers read the
 * document on their own).
 */
export function renderHostPages(
  env: Env,
  releases: ReleasesDocument,
  template: string,
): RuntimeConfig {
  // The page is written once for every request, so the remotes' addresses cannot come from a
  // request's Host header: the same rule as NODE_ENV=production in the Node server.
  const config = runtimeConfigWithReleases(env, releases);
  const pages = path.join(HOST_SITE, 'pages');
  mkdirSync(pages, { recursive: true });
  // What nginx sends itself (no page server answering) is every visitor's: the stable releases.
  for (const route of [...ROUTE_TABLE, undefined]) {
    for (const audience of AUDIENCES) {
      const file = path.join(pages, `${route?.id ?? NOT_FOUND_PAGE}.${audience}.html`);
      writeCompressed(file, standInPage(template, config, route, audience === 'customer'));
    }
  }
  writeCompressed(
    path.join(HOST_SITE, RUNTIME_CONFIG_PATH.slice(1)),
    JSON.stringify(stableConfig(config)),
  );
  return config;
}

/** The host build's page, kept beside the site as the template every render starts from. */
export const HOST_TEMPLATE = path.join(NGINX_DIR, 'host-template.html');

/** The deployment's pages rendered from a releases document the rollout has read and pinned. */
export function renderSite(env: Env, releases: ReleasesDocument): RuntimeConfig {
  return renderHostPages(env, releases, readFileSync(HOST_TEMPLATE, 'utf8'));
}

/** The pages rendered from the deployment's releases document as it stands (nginx's commands). */
export function renderFromDocument(env: Env): RuntimeConfig {
  return renderSite(env, pinnedDocument(env));
}

/**
 * The host's page server as deployed (decision 020): the page it renders into and its render
 * bundle, copied with the site so a rebuild cannot mix into a running deployment. nginx never
 * sends a browser here: it asks these servers for pages only.
 */
export const PAGE_SERVER_DIR = path.join(NGINX_DIR, 'page-server');
export const PAGE_SERVER_BUNDLE = path.join(PAGE_SERVER_DIR, 'render-page.cjs');
/** The page servers' static folder: the host's page only. */
export const PAGE_SERVER_ROOT = path.join(PAGE_SERVER_DIR, 'root');

function deployPageServer(hostBuild: string): void {
  const bundle = path.join(REPO_ROOT, 'host/dist-server/render-page.cjs');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run "pnpm build" first`);
  const staging = `${PAGE_SERVER_DIR}.staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.join(staging, 'root'), { recursive: true });
  cpSync(path.join(hostBuild, 'index.html'), path.join(staging, 'root/index.html'));
  cpSync(bundle, path.join(staging, 'render-page.cjs'));
  rmSync(PAGE_SERVER_DIR, { recursive: true, force: true });
  renameSync(staging, PAGE_SERVER_DIR);
}

/**
 * Puts the current builds in place: the host's build replaces the last one (it is the entry
 * point, not versioned), each remote's build becomes a release on the release origin, and the
 * releases document names them — or the REMOTE_*_URL of the environment, when one is set.
 */
export async function deployBuilds(env: Env): Promise<ReleasesDocument> {
  const hostBuild = path.join(REPO_ROOT, 'host/dist');
  if (!existsSync(path.join(hostBuild, 'index.html'))) {
    throw new Error(`${hostBuild} has no build: run "pnpm build" first`);
  }
  publish(hostBuild, HOST_SITE);
  deployPageServer(hostBuild);
  writeFileSync(HOST_TEMPLATE, readFileSync(path.join(hostBuild, 'index.html')));
  // The build's page has no configuration in it: only the rendered pages are served.
  for (const suffix of ['', '.gz', '.br'])
    rmSync(path.join(HOST_SITE, `index.html${suffix}`), { force: true });
  const urls: Env = {};
  for (const remote of REMOTE_APPS) {
    const id = await releaseRemote(remote, path.join(REPO_ROOT, remote.folder, 'dist'), env);
    urls[remote.urlEnv] = env[remote.urlEnv] ?? releaseUrl(remote, id, env);
  }
  // Each release's digests from the registry; one from elsewhere keeps REMOTE_*_INTEGRITY's.
  const releases = withRegisteredDigests(
    releasesDocumentOf(buildRuntimeConfig({ ...env, ...urls })),
    env,
  );
  deployedStore(env).writeDocument(releases);
  return releases;
}
