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
 * canary beside it, and their digests. This is the rollout's working copy, plain JSON: `start`
 * writes it, the rollout changes it, an operator may edit it, `render` reads it. What the page
 * servers read is its signed form (decision 040), published by the rollout where RELEASES_TARGET
 * says: a file (SIGNED_RELEASES_FILE unless it names another) or an http(s) address.
 */
export const RELEASES_FILE = path.join(NGINX_DIR, 'releases.json');
/** Where the signed document is published for this machine's page servers, by default. */
export const SIGNED_RELEASES_FILE = path.join(NGINX_DIR, 'releases.signed.json');
/**
 * The deployment's own signing key, made by the first rollout that needs one when
 * RELEASES_SIGNING_KEY gives none (a machine's deployment; a lender's rollout brings its own).
 */
export const SIGNING_KEY_FILE = path.join(REGISTRY_DIR, 'releases-signing-key.pem');

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** RELEASES_TARGET when it is an http(s) address the document is published to. */
export const releasesTargetUrl = (env: Env = process.env): string | undefined => {
  const target = env.RELEASES_TARGET?.trim();
  return target && isUrl(target) ? target : undefined;
};

/** The file the signed document is published to, unless RELEASES_TARGET is an address. */
export const signedReleasesFile = (env: Env = process.env): string => {
  const target = env.RELEASES_TARGET?.trim();
  if (!target || isUrl(target)) return SIGNED_RELEASES_FILE;
  const file = path.resolve(target);
  if (file === RELEASES_FILE) {
    throw new Error(
      `RELEASES_TARGET names the rollout's working copy (${file}): name another file`,
    );
  }
  return file;
};

/** Where this deployment's page servers read the document: where the rollout publishes it. */
export const releasesSourceOf = (env: Env = process.env): string =>
  releasesTargetUrl(env) ?? signedReleasesFile(env);

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
