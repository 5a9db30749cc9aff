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
import { ROUTE_TABLE } from 'host/routes';
import { isPublished } from 'page-server/http/static-server';
import { stableConfig } from 'page-server/releases/canary';
import { renderIndexHtml } from 'page-server/render/page-document';
import { remotesToHint } from 'page-server/render/page-hints';
import { buildRuntimeConfig, type RegisteredReleases } from 'release-contract/config-from-env';
import { releaseOfManifest } from 'release-contract/rum-events';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from 'release-contract/runtime-config';
import { HOST_APP, portOf, REMOTE_APPS, type RemoteApp } from 'tooling/apps';
import { pinsOfBuild } from 'tooling/release-integrity';
import { NGINX_DIR, REPO_ROOT } from '../deploy-paths';
import { deployedStore } from '../rollout/deployed-store';
import { releaseId } from '../rollout/release-id';
import type { Env } from '../rollout/release-store';
import { remotePathOnSite } from './nginx-remotes';

/**
 * The folder nginx serves, laid out as a static host or CDN would hold the product:
 *
 *   site/host/                          the host's build, with its pages rendered (below)
 *   site/<remote>/releases/<id>/        every release of a remote, side by side, never changed
 *
 * A remote's release id is the hash of its build, so the same build is the same release and
 * a new build never overwrites an old one: rolling back is pointing the runtime configuration
 * at the older folder (REMOTE_*_URL), with no rebuild and nothing copied.
 */

export const SITE_DIR = path.join(NGINX_DIR, 'site');
export const HOST_SITE = path.join(SITE_DIR, 'host');

export const releasesDir = (remote: RemoteApp) => path.join(SITE_DIR, remote.folder, 'releases');

/**
 * Where a release's manifest is served: the URL a REMOTE_*_URL line pins. Under the site's own
 * origin (the host's nginx serves each remote's folder at /<remote>/): a page then reaches no
 * other origin (decision 031, fifth part). The remote's own port serves the same folder.
 */
export const releaseUrl = (remote: RemoteApp, id: string, env: Env = process.env) =>
  `http://localhost:${portOf(HOST_APP, env)}${remotePathOnSite(remote.folder)}releases/${id}/mf-manifest.json`;

/** Copies a folder without its source maps, into place at once (a rename), so nginx never serves half of it. */
function publish(from: string, to: string) {
  const staging = `${to}.staging`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(from, staging, { recursive: true, filter: (source) => isPublished(source) });
  rmSync(to, { recursive: true, force: true });
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(staging, to);
}

/**
 * Deploys a remote's build as a release beside the earlier ones and returns its id. The same
 * build deployed twice is one release; a release already there is never touched. Its pins are
 * registered from the build, before it is published (decision 025): a rollout writes these into
 * the runtime configuration, not digests of whatever the release's folder holds by then.
 */
export function releaseRemote(remote: RemoteApp, build: string): string {
  if (!existsSync(path.join(build, 'mf-manifest.json'))) {
    throw new Error(`${build} is not a remote's build (no mf-manifest.json): run "pnpm build"`);
  }
  const id = releaseId(build);
  const target = path.join(releasesDir(remote), id);
  // Registered from the build, never from its published folder, which may have changed since.
  deployedStore().register(remote, id, pinsOfBuild(build), build);
  if (!existsSync(target)) publish(build, target);
  return id;
}

/** The id of the release a URL names, when it is a release deployed here. */
export function deployedReleaseId(
  remote: RemoteApp,
  url: string | undefined,
  env: Env = process.env,
) {
  const id = url ? releaseOfManifest(url) : undefined;
  return id && url === releaseUrl(remote, id, env) ? id : undefined;
}

/**
 * The pins registered for each remote whose REMOTE_*_URL names a release deployed here, and
 * for each canary (REMOTE_*_CANARY_URL) that does.
 */
export function registeredReleases(env: Env): RegisteredReleases {
  const registered: RegisteredReleases = { canaries: {} };
  const store = deployedStore(env);
  for (const remote of REMOTE_APPS) {
    const id = deployedReleaseId(remote, env[remote.urlEnv], env);
    if (id) registered[remote.name] = store.registeredPins(remote, id);
    const canary = deployedReleaseId(remote, env[remote.canaryUrlEnv], env);
    if (canary && registered.canaries)
      registered.canaries[remote.name] = store.registeredPins(remote, canary);
  }
  return registered;
}

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
 * `/runtime-config.json`. Run again after changing a REMOTE_*_URL: that is the whole of a
 * slice's rollout or rollback.
 */
export function renderHostPages(env: Env, template: string): RuntimeConfig {
  // The page is written once for every request, so the remotes' addresses cannot come from a
  // request's Host header: the same rule as NODE_ENV=production in the Node server.
  const config = buildRuntimeConfig(env, registeredReleases(env));
  const pages = path.join(HOST_SITE, 'pages');
  mkdirSync(pages, { recursive: true });
  // What nginx sends itself (no page server answering) is every visitor's: the stable releases.
  const stable = stableConfig(config);
  for (const route of [...ROUTE_TABLE, undefined]) {
    for (const audience of AUDIENCES) {
      const hinted = remotesToHint(stable, route, audience === 'customer');
      const file = path.join(pages, `${route?.id ?? NOT_FOUND_PAGE}.${audience}.html`);
      writeCompressed(file, renderIndexHtml(template, stable, hinted));
    }
  }
  writeCompressed(path.join(HOST_SITE, RUNTIME_CONFIG_PATH.slice(1)), JSON.stringify(stable));
  // The page servers' own, a canary included: never served (decision 029).
  mkdirSync(path.dirname(PAGE_SERVER_CONFIG), { recursive: true });
  const staging = `${PAGE_SERVER_CONFIG}.staging`;
  writeFileSync(staging, JSON.stringify(config));
  renameSync(staging, PAGE_SERVER_CONFIG);
  return config;
}

/** The host build's page, kept beside the site as the template every render starts from. */
export const HOST_TEMPLATE = path.join(NGINX_DIR, 'host-template.html');

/** The pages rendered from the pins file (and the rest of the environment: ports, middleware). */
export function renderFromPins(env: Env): RuntimeConfig {
  return renderHostPages(
    { ...env, ...deployedStore(env).readPins() },
    readFileSync(HOST_TEMPLATE, 'utf8'),
  );
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
/** The page servers' runtime configuration: the site's, with any canary in it. */
export const PAGE_SERVER_CONFIG = path.join(PAGE_SERVER_DIR, 'runtime-config.json');

function deployPageServer(hostBuild: string): void {
  const bundle = path.join(REPO_ROOT, 'page-server/dist/render-page.cjs');
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
 * point, not versioned), each remote's build becomes a release, and the pins name them — or
 * the REMOTE_*_URL of the environment, when one is set.
 */
export function deployBuilds(env: Env): Env {
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
  const pins: Env = {};
  for (const remote of REMOTE_APPS) {
    const id = releaseRemote(remote, path.join(REPO_ROOT, remote.folder, 'dist'));
    pins[remote.urlEnv] = env[remote.urlEnv] ?? releaseUrl(remote, id, env);
  }
  deployedStore(env).writePins(pins);
  return pins;
}
