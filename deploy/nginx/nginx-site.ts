import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { originOf } from 'page-server/http/security-headers';
import { HOST_APP, pageServerPorts, portOf, REMOTE_APPS } from 'release-contract/apps';
import { hostOrigins, providerPaths } from 'release-contract/origins';
import { trustedProxies } from 'release-contract/proxies';
import { ROUTE_TABLE } from 'release-contract/routes';
import { ka } from 'shared/strings/ka';
import { NGINX_DIR, REPO_ROOT, SITE_DIR } from '../deploy-paths';
import { findBrotliModule } from './nginx-binary';
import type { NginxSite } from './nginx-conf-input';
import { HOST_SITE, NOT_FOUND_PAGE } from './site';

/*
 * The site `start:nginx` serves, from the environment and the deployed releases' addresses: one
 * machine's, which a deployment of several (e2e/machines) changes only where it differs.
 */

/** Run by root, the workers read the checkout as the user who owns it. */
export function workerUser(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const owner = statSync(REPO_ROOT).uid;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.split(':')[2] === String(owner));
  return entry?.split(':')[0] ?? 'root';
}

export function siteFor(
  env: Record<string, string | undefined>,
  manifestUrls: readonly string[],
): NginxSite {
  const body = (detail: string, code: string) => JSON.stringify({ detail, code });
  const user = workerUser();
  const brotliModule = findBrotliModule();
  return {
    prefix: NGINX_DIR,
    ...(user ? { user } : {}),
    ...(brotliModule ? { brotliModule } : {}),
    host: {
      port: portOf(HOST_APP, env),
      root: HOST_SITE,
      remoteOrigins: [...new Set(manifestUrls.map(originOf))],
      routes: ROUTE_TABLE.map(({ id, path: routePath }) => ({ id, path: routePath })),
      notFoundPage: NOT_FOUND_PAGE,
      pageServers: pageServerPorts(env),
      providerPaths: providerPaths(env),
      providerUnavailableBody: body(ka.errors.providerUnavailable, 'provider_unavailable'),
      tooLargeBody: body(ka.errors.requestTooLarge, 'request_too_large'),
    },
    remotes: REMOTE_APPS.map((remote) => ({
      folder: remote.folder,
      port: portOf(remote, env),
      root: path.join(SITE_DIR, remote.folder),
    })),
    hostOrigins: hostOrigins(env),
    // nginx cannot listen on a name: Fastify's `localhost` is 127.0.0.1 here.
    ...(env.LISTEN_HOST?.trim() ? { listen: env.LISTEN_HOST.trim() } : {}),
    trustedProxies: trustedProxies(env),
  };
}
