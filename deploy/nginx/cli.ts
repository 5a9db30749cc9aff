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
import { formatPins } from 'tooling/release-integrity';
import { DEFAULT_POLICY } from './canary-judge';
import { findBrotliModule, findNginx, INSTALL_HINT } from './nginx-binary';
import { type NginxSite, renderNginxConf } from './nginx-conf';
import { startPageServers } from './page-servers';
import { figuresOf, metricsPorts, rate, scrape } from './release-metrics';
import {
  endCanary,
  readHistory,
  recordReleaseCommit,
  releasesInPins,
  remoteByFolder,
  setStable,
  skewPassed,
  startCanary,
  watchCanary,
} from './rollout';
import {
  deployBuilds,
  HOST_SITE,
  NGINX_DIR,
  NOT_FOUND_PAGE,
  PINS_FILE,
  REPO_ROOT,
  registeredPins,
  releaseRemote,
  releasesDir,
  releaseUrl,
  renderFromPins,
  SITE_DIR,
} from './site';

/**
 * `pnpm start:nginx` and the deployment commands around it:
 *
 *   check                   say whether nginx (and its brotli module) is here, and how to install it
 *   start                   deploy the current builds, write nginx.conf, run nginx and the sandbox
 *   conf                    print the nginx.conf `start` writes
 *   release <remote> [dir]  deploy a remote's build (default: its dist) as a release beside the others
 *     --canary N [--window S] [--every S]
 *                           …and serve it to N% of visitors, watch it, promote it or roll it back
 *   promote <remote>        make the canary under way the stable release now
 *   rollback <remote>       end the canary under way, or put back the release the stable one replaced
 *   health <remote>         the current release's figures against the previous one's
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

const SLICES = REMOTE_APPS.map((app) => app.folder).join('|');

function requireRemote(folder: string | undefined, usage: string) {
  const remote = remoteByFolder(folder);
  if (!remote) {
    console.error(`usage: ${usage.replace('<remote>', `<${SLICES}>`)}`);
    process.exit(2);
  }
  return remote;
}

/** `--name value` options, and the arguments left, in order. */
function options(args: string[]): { rest: string[]; named: Map<string, string> } {
  const rest: string[] = [];
  const named = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--')) {
      named.set(arg.slice(2), args[i + 1] ?? '');
      i += 1;
    } else rest.push(arg);
  }
  return { rest, named };
}

const secondsOption = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new Error(`--${name} takes seconds, got "${value}"`);
  }
  return parsed * 1000;
};

async function release(args: string[]) {
  const { rest, named } = options(args);
  const remote = requireRemote(
    rest[0],
    'release <remote> [build folder] [--canary N [--window S] [--every S] [--min-views N]]',
  );
  const id = releaseRemote(
    remote,
    path.resolve(rest[1] ?? path.join(REPO_ROOT, remote.folder, 'dist')),
  );
  recordReleaseCommit(remote, id);
  console.info(`${remote.folder}: release ${id} in ${path.join(releasesDir(remote), id)}`);
  if (!named.has('canary')) {
    console.info(`To use it, set this line in ${PINS_FILE} and run "render":`);
    console.info(`${remote.urlEnv}=${releaseUrl(remote, id)}`);
    // Served from anywhere else (a CDN, the Node servers), the same files are pinned by these.
    console.info(`Its pins, wherever else it is served (entry, server bundle, manifest):`);
    console.info(`${remote.integrityEnv}="${formatPins(registeredPins(remote, id))}"`);
    return;
  }
  const percent = Number(named.get('canary'));
  const { stable } = releasesInPins(remote);
  if (!stable) throw new Error(`${remote.folder} has no stable release in ${PINS_FILE}`);
  // Decision 029: both meet the host they will meet, as the skew test checked them.
  for (const checked of [stable, id]) {
    if (!skewPassed(remote, checked)) {
      throw new Error(
        `${remote.folder} release ${checked} has not passed "pnpm test:skew": no canary starts before it does`,
      );
    }
  }
  const windowMs = secondsOption(named.get('window'), 600, 'window');
  const everyMs = secondsOption(named.get('every'), 10, 'every');
  const minViews = Number(named.get('min-views') ?? DEFAULT_POLICY.minViews);
  if (!Number.isInteger(minViews) || minViews < 1) {
    throw new Error(`--min-views takes a whole number, got "${named.get('min-views')}"`);
  }
  startCanary(remote, id, percent);
  console.info(
    `${remote.folder}: canary ${id} serves ${percent}% of visitors beside ${stable}; watching for ${windowMs / 1000} s`,
  );
  let verdict: Awaited<ReturnType<typeof watchCanary>>;
  try {
    verdict = await watchCanary(remote, id, stable, {
      windowMs,
      everyMs,
      policy: { ...DEFAULT_POLICY, minViews },
    });
  } catch (error) {
    endCanary(remote, `the watch failed: ${error instanceof Error ? error.message : error}`);
    throw error;
  }
  if (verdict.kind === 'promote') {
    setStable(remote, id, 'promoted', verdict.why);
    console.info(`${remote.folder}: canary ${id} PROMOTED: ${verdict.why}`);
  } else {
    endCanary(remote, verdict.why);
    console.info(`${remote.folder}: canary ${id} ROLLED BACK: ${verdict.why}`);
    process.exitCode = 1;
  }
}

function promote(args: string[]) {
  const remote = requireRemote(args[0], 'promote <remote>');
  const { canary } = releasesInPins(remote);
  if (!canary) throw new Error(`${remote.folder} has no canary under way`);
  setStable(remote, canary, 'promoted', 'promoted by hand');
  console.info(`${remote.folder}: ${canary} is the stable release`);
}

function rollback(args: string[]) {
  const remote = requireRemote(args[0], 'rollback <remote>');
  const { canary, stable } = releasesInPins(remote);
  if (canary) {
    endCanary(remote, 'rolled back by hand');
    console.info(`${remote.folder}: canary ${canary} ended; every visitor has ${stable}`);
    return;
  }
  const previous = readHistory(remote).findLast((record) => record.release === stable)?.replaced;
  if (!previous) throw new Error(`${remote.folder}: no release before ${stable} is recorded`);
  setStable(remote, previous, 'set', `rolled back from ${stable} by hand`);
  console.info(`${remote.folder}: ${previous} is the stable release again (was ${stable})`);
}

/** `health <remote>`: what its current release does to customers, against the release before. */
async function health(args: string[]) {
  const remote = requireRemote(args[0], 'health <remote>');
  const ports = metricsPorts();
  if (ports.length === 0) {
    throw new Error('no page server is running: start them with "pnpm start:nginx"');
  }
  const samples = await scrape(ports);
  const { stable, canary } = releasesInPins(remote);
  const previous = readHistory(remote).findLast((record) => record.release === stable)?.replaced;
  const rows = [
    ['current', stable],
    ['canary', canary],
    ['previous', previous],
  ].filter((row): row is [string, string] => row[1] !== undefined);
  const ms = (value: number | undefined) => (value === undefined ? '–' : `${value} ms`);
  console.info(`${remote.folder}, from ${ports.length} page server(s), since each started:`);
  for (const [role, release] of rows) {
    const figures = figuresOf(samples, remote.name, release);
    console.info(
      `  ${role.padEnd(8)} ${release}  errors ${rate(figures.erred, figures.views)}  ` +
        `server fallbacks ${rate(figures.fallbacks, figures.renders)}  ` +
        `p75 LCP ${ms(figures.lcpP75)}  p75 INP ${ms(figures.inpP75)}`,
    );
  }
  if (!previous) console.info('  (no release before it is recorded)');
}

function render() {
  const config = renderFromPins(process.env);
  for (const remote of config.remotes) console.info(`${remote.name}: ${remote.manifestUrl}`);
}

const [command = 'start', ...rest] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => unknown> = {
  check,
  start,
  conf: () => console.info(readFileSync(writeConf(process.env), 'utf8')),
  release,
  promote,
  rollback,
  health,
  render,
};
try {
  const run = commands[command];
  if (!run) {
    console.error(
      'usage: nginx [check | start | conf | release <remote> [build] [--canary N] | promote <remote> | rollback <remote> | health <remote> | render]',
    );
    process.exit(2);
  }
  await run(rest);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
