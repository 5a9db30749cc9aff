import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_TABLE } from 'host/routes';
import { originOf } from 'page-server/http/security-headers';
import { ka } from 'shared/strings/ka';
import {
  apiUpstream,
  HOST_APP,
  hostOrigins,
  pageServerPorts,
  portOf,
  providerPaths,
  REMOTE_APPS,
  trustedProxies,
} from 'tooling/apps';
import { NGINX_DIR, REPO_ROOT, SITE_DIR } from '../deploy-paths';
import {
  findBrotliModule,
  findNginx,
  findPrometheus,
  INSTALL_HINT,
  PROMETHEUS_INSTALL_HINT,
} from './nginx-binary';
import { type NginxSite, renderNginxConf } from './nginx-conf';
import { startPageServers } from './page-servers';
import { startPrometheus } from './prometheus-process';
import { deployBuilds, HOST_SITE, NOT_FOUND_PAGE, renderFromPins } from './site';

/**
 * nginx's commands (`pnpm start:nginx` runs `start`):
 *
 *   check                   say whether nginx (and its brotli module) is here, and how to install it
 *   start                   deploy the current builds, write nginx.conf, run nginx and the sandbox
 *   conf                    print the nginx.conf `start` writes
 *   render                  write the host's pages again from .nginx/releases.env (rollout, rollback)
 */

/** Run by root, the workers read the checkout as the user who owns it. */
function workerUser(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const owner = statSync(REPO_ROOT).uid;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.split(':')[2] === String(owner));
  return entry?.split(':')[0] ?? 'root';
}

function siteFor(
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

function writeConf(env: Record<string, string | undefined>): string {
  const config = renderFromPins(env);
  const conf = path.join(NGINX_DIR, 'nginx.conf');
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(NGINX_DIR, dir), { recursive: true });
  writeFileSync(
    conf,
    renderNginxConf(
      siteFor(
        env,
        config.remotes.map((r) => r.manifestUrl),
      ),
    ),
  );
  return conf;
}

function runNginx(nginx: string, conf: string): ChildProcess {
  const args = ['-p', `${NGINX_DIR}/`, '-c', conf, '-e', path.join(NGINX_DIR, 'logs/error.log')];
  execFileSync(nginx, [...args, '-t', '-q'], { stdio: 'inherit' });
  return spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: 'inherit' });
}

function requireNginx(): string {
  const nginx = findNginx();
  if (!nginx) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  return nginx;
}

function check() {
  const nginx = requireNginx();
  const brotli = findBrotliModule();
  console.info(
    `nginx: ${nginx}; ${brotli ? `brotli from ${brotli}` : 'gzip only (no ngx_http_brotli_static_module)'}`,
  );
  const prometheus = findPrometheus();
  console.info(prometheus ? `prometheus: ${prometheus}` : PROMETHEUS_INSTALL_HINT);
}

function start() {
  const nginx = requireNginx();
  // The embedded sandbox trusts the page servers' X-Forwarded-For only with this secret
  // (decision 015); every page server opens the sessions the others sealed (decision 027).
  const env: Record<string, string | undefined> = {
    ...process.env,
    PROXY_SECRET: process.env.PROXY_SECRET || randomBytes(24).toString('hex'),
    SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('base64url'),
  };
  const pins = deployBuilds(env);
  const conf = writeConf(env);
  const pageServers = startPageServers(env);
  // The canary's judge (decision 037); serving goes on without it, so it is not among `children`.
  const prometheus = startPrometheus();
  const children: ChildProcess[] = [runNginx(nginx, conf)];
  if (!env.API_BASE_URL) {
    children.push(
      spawn('pnpm', ['--filter', 'sandbox-api', 'start'], {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env,
      }),
    );
  }
  const stop = (code: number) => {
    pageServers.stop();
    if (prometheus?.exitCode === null) prometheus.kill('SIGTERM');
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    process.exitCode = code;
  };
  for (const child of children) child.on('exit', (code) => stop(code ?? 1));
  process.on('SIGINT', () => stop(130));
  process.on('SIGTERM', () => stop(143));

  console.info(`nginx: http://localhost:${portOf(HOST_APP, env)} (${conf})`);
  console.info(
    `nginx: pages rendered by ${pageServers.ports.map((port) => `:${port}`).join(', ')}`,
  );
  for (const remote of REMOTE_APPS) console.info(`nginx: ${remote.folder} ${pins[remote.urlEnv]}`);
  console.info(
    `nginx: /api/* is proxied to ${apiUpstream(env)}; logs in ${path.join(NGINX_DIR, 'logs')}`,
  );
}

function render() {
  const config = renderFromPins(process.env);
  for (const remote of config.remotes) console.info(`${remote.name}: ${remote.manifestUrl}`);
}

/** nginx's own commands; the package's CLI (deploy/cli.ts) puts the rollout's beside them. */
export const NGINX_COMMANDS: Record<string, (args: string[]) => unknown> = {
  check,
  start,
  conf: () => console.info(readFileSync(writeConf(process.env), 'utf8')),
  render,
};

export const NGINX_USAGE = 'check | start | conf | render';
