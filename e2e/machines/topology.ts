import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from 'deploy/deploy-paths';
import { publishReleasesDocument } from 'deploy/deployed-store';
import { findNginx, findPrometheus } from 'deploy/nginx/nginx-binary';
import { renderNginxConf } from 'deploy/nginx/nginx-conf';
import { siteFor, workerUser } from 'deploy/nginx/nginx-site';
import { spawnPageServer } from 'deploy/nginx/page-servers';
import { deployBuilds, renderFromDocument } from 'deploy/nginx/site';
import { HOST_APP, metricsPortOf, portOf, SANDBOX_APP } from 'release-contract/apps';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { publicKeyPemOf } from 'release-contract/signed-releases';
import { untilAnswers, untilListening } from '../utils/answers';
import { E2E_SANDBOX_ENV } from '../utils/sandbox-env';
import { MACHINE_ADDRESSES } from './loopback';
import { ended, logFile, runLogged } from './processes';
import { type Prometheus, startPrometheus } from './prometheus';
import { RELEASES_DOCUMENT, type ReleaseOrigin, startReleaseOrigin } from './release-origin';

/*
 * Several machines on this one (issue 48): three page servers, each alone on its own loopback
 * address; one release origin every release is uploaded to; nginx in front on the product's
 * address as the load balancer (the host's pages, the page servers by address, each remote's
 * releases passed to the origin as a CDN path); Prometheus finding the page servers by a
 * file_sd targets file; the sandbox provider as `pnpm start:nginx` starts it. All of it from the
 * production builds (`pnpm build`), its state under .machines/ (git-ignored).
 */

type Env = Record<string, string | undefined>;

/** The topology's own state: nginx's prefixes, the origin's files, Prometheus's data, logs. */
export const MACHINES_DIR = path.join(REPO_ROOT, '.machines');
const LOGS = path.join(MACHINES_DIR, 'logs');

/** The page servers' port: the same on every machine, as in a cluster. */
export const PAGE_SERVER_PORT = HOST_APP.port + 10;

export interface Machine {
  address: string;
  /** `http://<address>:3110`: its metrics, /health and /ready. */
  metricsUrl: string;
  /** Its page server lost at once (SIGKILL), as a machine that fails. */
  kill(): Promise<void>;
  /** Its page server started again; resolves once it says it is ready for pages. */
  start(): Promise<void>;
}

export interface Topology {
  /** The site, through the load balancer: http://localhost:3000. */
  url: string;
  machines: readonly Machine[];
  origin: ReleaseOrigin;
  /** Where the rollout's judge asks Prometheus (PROMETHEUS_URL). */
  prometheusUrl: string;
  /**
   * What a team's deploy commands run with here: releases uploaded to the origin with its
   * credential, the releases document published there, the judge asking this Prometheus.
   */
  deployEnv: Record<string, string>;
  /** The releases every page server reads (the pinned stable release of each remote). */
  releases: RuntimeConfig;
  stop(): Promise<void>;
}

/**
 * Where the rollout uploads releases and writes the releases document (the origin's PUT
 * listen), and where every page server reads the document (the origin, as from a CDN):
 * a release is uploaded once by deploy's own client, as a team's `release` does.
 */
function releaseEnv(origin: ReleaseOrigin): Record<string, string> {
  return {
    RELEASE_ORIGIN: origin.uploadUrl,
    RELEASES_TARGET: `${origin.uploadUrl}/${RELEASES_DOCUMENT}`,
    RELEASES_SOURCE: `${origin.url}/${RELEASES_DOCUMENT}`,
  };
}

/** The site's nginx: the pages as deploy's nginx serves them, the page servers by address. */
function startBalancer(nginx: string, env: Env, releases: RuntimeConfig, origin: ReleaseOrigin) {
  const prefix = path.join(MACHINES_DIR, 'balancer');
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(prefix, dir), { recursive: true });
  const site = siteFor(
    env,
    releases.remotes.map((remote) => remote.manifestUrl),
  );
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    renderNginxConf({
      ...site,
      prefix,
      host: {
        ...site.host,
        pageServers: MACHINE_ADDRESSES.map((address) => `${address}:${PAGE_SERVER_PORT}`),
      },
      releaseOrigin: origin.url,
    }),
  );
  const args = ['-p', `${prefix}/`, '-c', conf, '-e', path.join(prefix, 'logs/error.log')];
  execFileSync(nginx, [...args, '-t', '-q'], { stdio: 'inherit' });
  return runLogged(nginx, [...args, '-g', 'daemon off;'], {
    cwd: prefix,
    env: process.env,
    log: logFile(LOGS, 'balancer'),
  });
}

function machine(address: string, env: Env): Machine {
  const metricsPort = metricsPortOf(PAGE_SERVER_PORT);
  const metricsUrl = `http://${address}:${metricsPort}`;
  let running: ChildProcess | undefined;
  return {
    address,
    metricsUrl,
    async kill() {
      await ended(running, 'SIGKILL');
      running = undefined;
    },
    async start() {
      const log = logFile(LOGS, `page-server-${address}`);
      running = spawnPageServer(
        { ...env, LISTEN_HOST: address, METRICS_HOST: address },
        PAGE_SERVER_PORT,
        ['ignore', log, log],
      );
      await untilAnswers(`${metricsUrl}/ready`, 120_000);
    },
  };
}

/** Starts the whole topology; stop() ends every process it started, whatever had started. */
export async function startTopology(): Promise<Topology> {
  const nginx = findNginx();
  const prometheusBinary = findPrometheus();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx)');
  if (!prometheusBinary)
    throw new Error('prometheus is not installed (apt-get install -y prometheus)');
  rmSync(MACHINES_DIR, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  // The rollout's key, made for this set-up; only the rollout (and a team's deploy) holds it.
  const signing = generateKeyPairSync('ed25519');
  const signingKey = signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const env: Env = {
    ...process.env,
    ...E2E_SANDBOX_ENV,
    // The sandbox trusts the page servers' X-Forwarded-For with it (decision 015); every
    // machine opens the sessions the others sealed: one SESSION_SECRET (decision 027).
    PROXY_SECRET: randomBytes(24).toString('hex'),
    // What every page server believes the releases document with (decision 040).
    RELEASES_PUBLIC_KEY: publicKeyPemOf(signing.privateKey),
  };
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const origin = await startReleaseOrigin({
      nginx,
      dir: path.join(MACHINES_DIR, 'origin'),
      user: workerUser(),
    });
    started.push(origin);
    // The builds become releases uploaded to the origin, pinned by the releases document the
    // origin serves; the host's pages are rendered with them.
    Object.assign(env, releaseEnv(origin));
    // The upload credential is the rollout's alone: no page server or sandbox is given it.
    const rollout = {
      ...env,
      RELEASE_ORIGIN_TOKEN: origin.token,
      RELEASES_SIGNING_KEY: signingKey,
    };
    await deployBuilds(rollout);
    const releases = renderFromDocument(rollout);
    await publishReleasesDocument(rollout);

    const sandbox = runLogged('pnpm', ['--filter', 'sandbox-api', 'start'], {
      cwd: REPO_ROOT,
      env,
      log: logFile(LOGS, 'sandbox'),
    });
    started.push({ stop: () => ended(sandbox) });
    await untilAnswers(`http://127.0.0.1:${portOf(SANDBOX_APP, env)}/api/cms/slider/`, 120_000);

    const machines = MACHINE_ADDRESSES.map((address) => machine(address, env));
    started.push({ stop: () => Promise.all(machines.map((m) => m.kill())).then(() => undefined) });

    // The balancer first: the page servers read each release through the site's origin.
    const balancer = startBalancer(nginx, env, releases, origin);
    started.push({ stop: () => ended(balancer) });
    const url = `http://localhost:${portOf(HOST_APP, env)}`;
    await untilListening('127.0.0.1', portOf(HOST_APP, env));
    await Promise.all(machines.map((m) => m.start()));

    const prometheus: Prometheus = await startPrometheus({
      binary: prometheusBinary,
      dir: path.join(MACHINES_DIR, 'prometheus'),
      servers: machines.map((m) => ({
        metrics: new URL(m.metricsUrl).host,
        pages: `${m.address}:${PAGE_SERVER_PORT}`,
        machine: m.address,
      })),
    });
    started.push(prometheus);
    await untilAnswers(`${url}/`);
    return {
      url,
      machines,
      origin,
      prometheusUrl: prometheus.url,
      deployEnv: {
        ...releaseEnv(origin),
        RELEASE_ORIGIN_TOKEN: origin.token,
        RELEASES_SIGNING_KEY: signingKey,
        PROMETHEUS_URL: prometheus.url,
      },
      releases,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
