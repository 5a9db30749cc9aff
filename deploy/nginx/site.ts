import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROUTE_TABLE } from 'host/routes';
import { isPublished } from 'page-server/http/static-server';
import { stableConfig } from 'page-server/releases/canary';
import { renderIndexHtml } from 'page-server/render/page-document';
import { remotesToHint } from 'page-server/render/page-hints';
import { buildRuntimeConfig, type RegisteredReleases } from 'release-contract/config-from-env';
import { releaseOfManifest } from 'release-contract/rum-events';
import {
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
  releasePinsSchema,
} from 'release-contract/runtime-config';
import { HOST_APP, portOf, REMOTE_APPS, type RemoteApp } from 'tooling/apps';
import { pinsOfBuild, type ReleasePins } from 'tooling/release-integrity';
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

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** nginx's prefix (conf, logs, pid, temporary files) and the site it serves. */
export const NGINX_DIR = path.join(REPO_ROOT, '.nginx');
export const SITE_DIR = path.join(NGINX_DIR, 'site');
export const HOST_SITE = path.join(SITE_DIR, 'host');

type Env = Record<string, string | undefined>;

function filesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter(isPublished)
    .sort();
}

/** A release's id: the first 12 hex digits of the hash of every file it publishes. */
export function releaseId(build: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(build))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(build, file)));
  return hash.digest('hex').slice(0, 12);
}

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
 * What each release was when it was deployed (decision 025): its pins, kept beside the site and
 * never served. A rollout writes these into the runtime configuration, not digests of whatever
 * the release's folder holds by then.
 */
export const REGISTRY_DIR = path.join(NGINX_DIR, 'registry');
const registryFile = (remote: RemoteApp, id: string) =>
  path.join(REGISTRY_DIR, remote.folder, `${id}.json`);

/**
 * Deploys a remote's build as a release beside the earlier ones and returns its id. The same
 * build deployed twice is one release; a release already there is never touched. Its pins are
 * registered from the build, before it is published.
 */
export function releaseRemote(remote: RemoteApp, build: string): string {
  if (!existsSync(path.join(build, 'mf-manifest.json'))) {
    throw new Error(`${build} is not a remote's build (no mf-manifest.json): run "pnpm build"`);
  }
  const id = releaseId(build);
  const target = path.join(releasesDir(remote), id);
  const record = registryFile(remote, id);
  const pins = pinsOfBuild(build);
  const recorded = existsSync(record) ? readRecord(record) : undefined;
  // A release registered before manifests were pinned (issue 45) gains its manifest's pin from
  // the same build, never from its published folder, which may have changed since.
  if (!recorded?.manifest) {
    if (recorded && (recorded.entry !== pins.entry || recorded.server !== pins.server)) {
      throw new Error(`${build} is not the build ${remote.folder} release ${id} registered`);
    }
    mkdirSync(path.dirname(record), { recursive: true });
    writeFileSync(record, `${JSON.stringify(pins, null, 2)}\n`);
  }
  if (!existsSync(target)) publish(build, target);
  return id;
}

/** A release's record, checked as the runtime configuration checks pins. */
const readRecord = (record: string): ReleasePins =>
  releasePinsSchema.parse(JSON.parse(readFileSync(record, 'utf8')));

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
 * A release's pins as `release` registered them; a damaged record stops the render, and so
 * does one without its manifest's pin (registered before issue 45: `release` it again).
 */
export function registeredPins(remote: RemoteApp, id: string): ReleasePins {
  const record = registryFile(remote, id);
  if (!existsSync(record)) {
    throw new Error(`${remote.folder} release ${id} was never deployed here: run "release"`);
  }
  const pins = readRecord(record);
  if (!pins.manifest) {
    throw new Error(
      `${remote.folder} release ${id} was registered without its manifest's digest: run "release ${remote.folder} <its build>" again`,
    );
  }
  return pins;
}

/**
 * The pins registered for each remote whose REMOTE_*_URL names a release deployed here, and
 * for each canary (REMOTE_*_CANARY_URL) that does.
 */
export function registeredReleases(env: Env): RegisteredReleases {
  const registered: RegisteredReleases = { canaries: {} };
  for (const remote of REMOTE_APPS) {
    const id = deployedReleaseId(remote, env[remote.urlEnv], env);
    if (id) registered[remote.name] = registeredPins(remote, id);
    const canary = deployedReleaseId(remote, env[remote.canaryUrlEnv], env);
    if (canary && registered.canaries)
      registered.canaries[remote.name] = registeredPins(remote, canary);
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

/**
 * Which release of each remote the host uses: one `REMOTE_*_URL=` line per remote. This file
 * is the deployment's runtime configuration; `start` writes it, `render` reads it.
 */
export const PINS_FILE = path.join(NGINX_DIR, 'releases.env');

export function readPins(file = PINS_FILE): Env {
  if (!existsSync(file)) throw new Error(`${file} does not exist: run "pnpm start:nginx" first`);
  const pins: Env = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) pins[match[1]] = match[2];
  }
  return pins;
}

export function writePins(pins: Env) {
  const lines = REMOTE_APPS.flatMap((remote) => [
    `${remote.urlEnv}=${pins[remote.urlEnv]}`,
    // A canary under way (decision 029): its release and share of visitors.
    ...[remote.canaryUrlEnv, remote.canaryPercentEnv]
      .filter((name) => pins[name])
      .map((name) => `${name}=${pins[name]}`),
  ]);
  writeFileSync(
    PINS_FILE,
    [
      '# The release of each remote the host uses. To roll a slice out or back, change its line',
      '# to a release under .nginx/site/<remote>/releases/ and run: pnpm --filter deploy nginx render',
      ...lines,
      '',
    ].join('\n'),
  );
}

/** The pages rendered from the pins file (and the rest of the environment: ports, middleware). */
export function renderFromPins(env: Env): RuntimeConfig {
  return renderHostPages({ ...env, ...readPins() }, readFileSync(HOST_TEMPLATE, 'utf8'));
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
  writePins(pins);
  return pins;
}
