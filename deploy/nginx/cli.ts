import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { READY_PATH } from 'page-server/telemetry/metrics-server';
import { HOST_APP, metricsPortOf, portOf } from 'release-contract/apps';
import { apiUpstream } from 'release-contract/origins';
import { NGINX_DIR, REPO_ROOT } from '../deploy-paths';
import { publishReleasesDocument } from '../rollout/deployed-store';
import {
  findBrotliModule,
  findNginx,
  findPrometheus,
  INSTALL_HINT,
  PROMETHEUS_INSTALL_HINT,
} from './nginx-binary';
import { renderNginxConf } from './nginx-conf';
import { siteFor } from './nginx-site';
import { startPageServers } from './page-servers';
import { startPrometheus } from './prometheus-process';
import { deployBuilds, renderFromDocument } from './site';
import { SERVING_LINE, untilServing } from './until-serving';

/** How long `start` waits for the page servers and the sandbox before it gives up. */
const SERVING_TIMEOUT_MS = 300_000;

/**
 * nginx's commands (`pnpm start:nginx` runs `start`):
 *
 *   check                   say whether nginx (and its brotli module) is here, and how to install it
 *   start                   deploy the current builds, write nginx.conf, run nginx and the sandbox
 *   conf                    print the nginx.conf `start` writes
 *   render                  write the host's pages again from .nginx/releases.json (rollout, rollback)
 */

function writeConf(env: Record<string, string | undefined>): string {
  const config = renderFromDocument(env);
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

async function start() {
  const nginx = requireNginx();
  // The embedded sandbox trusts the page servers' X-Forwarded-For only with this secret
  // (decision 015); every page server opens the sessions the others sealed (decision 027).
  const env: Record<string, string | undefined> = {
    ...process.env,
    PROXY_SECRET: process.env.PROXY_SECRET || randomBytes(24).toString('hex'),
    SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('base64url'),
  };
  const releases = await deployBuilds(env);
  await publishReleasesDocument(env);
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
  for (const remote of releases.remotes)
    console.info(`nginx: ${remote.name} ${remote.manifestUrl}`);
  console.info(
    `nginx: /api/* is proxied to ${apiUpstream(env)}; logs in ${path.join(NGINX_DIR, 'logs')}`,
  );
  // Until then nginx answers with its stand-in page: a test, or a person, waits for this line.
  const readiness = pageServers.ports.map(
    (port) => `http://127.0.0.1:${metricsPortOf(port)}${READY_PATH}`,
  );
  const sandbox = env.API_BASE_URL ? [] : [`${apiUpstream(env)}/api/schema/`];
  try {
    await untilServing([...readiness, ...sandbox], SERVING_TIMEOUT_MS);
    console.info(
      `${SERVING_LINE}: page servers ${pageServers.ports.map((port) => `:${port}`).join(', ')} ready${sandbox.length > 0 ? ', the sandbox answering' : ''}`,
    );
  } catch (error) {
    console.error(`nginx: ${(error as Error).message}`);
    stop(1);
  }
}

async function render() {
  const config = renderFromDocument(process.env);
  await publishReleasesDocument(process.env);
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
