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
 * Which release of each remote the host uses: one `REMOTE_*_URL=` line per remote. This file
 * is the deployment's runtime configuration; `start` writes it, `render` reads it.
 */
export const PINS_FILE = path.join(NGINX_DIR, 'releases.env');

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
