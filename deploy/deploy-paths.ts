import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where a deployment keeps its state, read by nginx's commands and the rollout's alike. All of
 * it under `.nginx/` (git-ignored), but the production pin, which is committed.
 */

type Env = Record<string, string | undefined>;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** nginx's prefix (conf, logs, pid, temporary files), the site it serves and the records. */
export const NGINX_DIR = path.join(REPO_ROOT, '.nginx');
/** The folder nginx serves: the host's pages and every release of each remote (nginx/site.ts). */
export const SITE_DIR = path.join(NGINX_DIR, 'site');

/** Where the site serves a remote's folder, under its own origin: `/<folder>/`. */
export const remotePathOnSite = (folder: string) => `/${folder}/`;

/** What each release was when it was deployed (decision 025): never served. */
export const REGISTRY_DIR = path.join(NGINX_DIR, 'registry');
/**
 * The releases document (issue 48): which release of each remote the page servers use, a
 * canary beside it, and their digests. `start` writes it, the rollout changes it, `render`
 * reads it, and the local page servers read it as their RELEASES_SOURCE. RELEASES_TARGET names
 * another file, or an http(s) address the rollout PUTs it to (rollout/deployed-store).
 */
export const RELEASES_FILE = path.join(NGINX_DIR, 'releases.json');

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** RELEASES_TARGET when it is an http(s) address the document is published to. */
export const releasesTargetUrl = (env: Env = process.env): string | undefined => {
  const target = env.RELEASES_TARGET?.trim();
  return target && isUrl(target) ? target : undefined;
};

/** The rollout's own copy of the document: RELEASES_TARGET when it is a file, else RELEASES_FILE. */
export const releasesFile = (env: Env = process.env): string => {
  const target = env.RELEASES_TARGET?.trim();
  return target && !isUrl(target) ? path.resolve(target) : RELEASES_FILE;
};

/** Where this deployment's page servers read the document: where the rollout publishes it. */
export const releasesSourceOf = (env: Env = process.env): string =>
  releasesTargetUrl(env) ?? releasesFile(env);

/**
 * Which process serves each page server's port, and where its metrics are: for the team, the
 * e2e test that stops one, and the commands that read the metrics (health, a canary's watch).
 */
export const PAGE_SERVERS_FILE = path.join(NGINX_DIR, 'page-servers.json');

/** The Prometheus `start:nginx` runs: its configuration, its data, and the page servers it scrapes. */
export const PROMETHEUS_DIR = path.join(NGINX_DIR, 'prometheus');
/** The running page servers as Prometheus's file_sd targets, rewritten when one restarts. */
export const PAGE_SERVER_TARGETS_FILE = path.join(PROMETHEUS_DIR, 'page-servers.json');

/**
 * The production pin (`deploy/in-production.json` unless IN_PRODUCTION_FILE names another):
 * the commit the skew test builds as what customers have (decision 019), and each slice's
 * release with what it replaced. A promotion moves it to the promoted release's commit.
 */
export function inProductionFile(env: Env = process.env): string {
  return env.IN_PRODUCTION_FILE ?? path.join(REPO_ROOT, 'deploy/in-production.json');
}
