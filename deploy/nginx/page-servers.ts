import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_SERVER_NODE_FLAGS } from 'page-server/inspector-guard';
import { metricsPortOf, pageServerPorts } from 'release-contract/apps';
import { APPS_VARIABLES } from 'release-contract/apps-variables';
import {
  PAGE_SERVER_VARIABLES,
  RENAMED_PAGE_SERVER_VARIABLES,
} from 'release-contract/config-variables';
import { hostOrigins } from 'release-contract/origins';
import {
  PAGE_SERVER_TARGETS_FILE,
  PAGE_SERVERS_FILE,
  REPO_ROOT,
  releasesSourceOf,
} from '../deploy-paths';
import { pageServerTargets, writeTargets } from '../observability/prometheus-config';
import { rolloutPublicKey } from '../rollout/releases-signing';
import { PAGE_SERVER_BUNDLE, PAGE_SERVER_ROOT } from './site';

type Env = Record<string, string | undefined>;

/**
 * How soon a page server that stopped is started again (nginx sends its pages elsewhere
 * meanwhile): after a second, then twice as long each time it stops again soon after its start
 * (one that cannot start — a broken bundle, a taken port — is not restarted in a tight loop),
 * at most every 30 s. One that ran a minute counts as well again.
 */
export function restartDelayMs(stopsInARow: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, stopsInARow - 1));
}
const WELL_AFTER_MS = 60_000;

export interface PageServers {
  ports: number[];
  stop(): void;
}

/**
 * A page server's environment as deployed: the deployed page and bundle, the site's runtime
 * configuration, the releases document and the key it is believed with — nothing only the
 * rollout holds.
 */
export function pageServerEnv(env: Env, port: number): Env {
  return {
    ...onlyWhatItReads(env),
    HOST_PORT: String(port),
    METRICS_PORT: String(metricsPortOf(port)),
    // nginx passes the page's own Host: the site's origins, not this port's.
    HOST_ORIGINS: hostOrigins(env).join(','),
    // nginx, on this machine, names the client (X-Forwarded-For): the provider's
    // per-address limits count the customer, not nginx (decision 027).
    TRUSTED_PROXIES: '127.0.0.1,::1',
    PAGE_SERVER_ROOT,
    PAGE_SERVER_RENDER_BUNDLE: PAGE_SERVER_BUNDLE,
    // The releases document the rollout writes (issue 48), read again as it changes, and
    // believed when the rollout's key signed it (decision 040).
    RELEASES_SOURCE: env.RELEASES_SOURCE?.trim() || releasesSourceOf(env),
    RELEASES_PUBLIC_KEY: rolloutPublicKey(env),
  };
}

/**
 * One page server as deployed, with Node's flags. `env` may name the address it listens on
 * (LISTEN_HOST, METRICS_HOST): a page server on another machine than nginx's. Its log (stdout,
 * warnings and up: an unreachable provider and why) is kept, or a 502 it answers says nothing.
 */
export function spawnPageServer(
  env: Env,
  port: number,
  stdio: StdioOptions = ['ignore', 'inherit', 'inherit'],
): ChildProcess {
  return spawn(
    process.execPath,
    [...PAGE_SERVER_NODE_FLAGS, path.join(REPO_ROOT, 'page-server/dist/serve-page-server.mjs')],
    { cwd: path.join(REPO_ROOT, 'page-server'), stdio, env: pageServerEnv(env, port) },
  );
}

/** The environment without what only the rollout holds: a page server can sign and upload nothing. */
/**
 * Only what a page server reads (its table and the apps', release-contract/config-variables
 * and release-contract/apps-variables) and what any process needs of its system: a secret of
 * the rollout, the provider's or the machine's is never passed on by being forgotten in a
 * deny-list. A renamed
 * variable's old name too, for the release the page server still reads it: dropped here, a
 * machine's setting would be lost without the page server's warning.
 */
const PAGE_SERVER_READS = new Set([
  ...[...PAGE_SERVER_VARIABLES, ...APPS_VARIABLES].flatMap((variable) => variable.names),
  ...Object.keys(RENAMED_PAGE_SERVER_VARIABLES),
  'PATH',
  'HOME',
  'TMPDIR',
  'TZ',
  'LANG',
  'LC_ALL',
]);

function onlyWhatItReads(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => PAGE_SERVER_READS.has(name)));
}

/**
 * The host's page servers behind nginx (decision 020): its Node server, one process per port,
 * rendering from the deployed page and bundle with the deployment's releases document (read
 * again on a rollout). One that stops is started again, as a process manager would; they keep
 * nothing between requests, so nginx sends each page to whichever answers.
 */
export function startPageServers(env: Env): PageServers {
  const ports = pageServerPorts(env);
  const running = new Map<number, ChildProcess>();
  const stopsInARow = new Map<number, number>();
  let stopping = false;

  // For the team and the e2e tests, and for Prometheus, which finds them by this file (file_sd).
  const record = () => {
    writeTargets(
      PAGE_SERVER_TARGETS_FILE,
      pageServerTargets(
        [...running.keys()].map((port) => ({
          metrics: `127.0.0.1:${metricsPortOf(port)}`,
          pages: `127.0.0.1:${port}`,
        })),
      ),
    );
    writeFileSync(
      PAGE_SERVERS_FILE,
      `${JSON.stringify(
        [...running].map(([port, child]) => ({
          port,
          pid: child.pid,
          metricsPort: metricsPortOf(port),
        })),
        null,
        2,
      )}\n`,
    );
  };

  const start = (port: number) => {
    const child = spawnPageServer(env, port);
    running.set(port, child);
    record();
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const stops = Date.now() - startedAt >= WELL_AFTER_MS ? 1 : (stopsInARow.get(port) ?? 0) + 1;
      stopsInARow.set(port, stops);
      const delay = restartDelayMs(stops);
      console.warn(
        `page server :${port} stopped (${signal ?? `exit ${code}`}); starting it again in ${delay / 1000} s`,
      );
      setTimeout(() => {
        if (!stopping) start(port);
      }, delay);
    });
  };

  for (const port of ports) start(port);
  return {
    ports,
    stop() {
      stopping = true;
      for (const child of running.values()) if (child.exitCode === null) child.kill('SIGTERM');
      rmSync(PAGE_SERVERS_FILE, { force: true });
      writeTargets(PAGE_SERVER_TARGETS_FILE, []);
    },
  };
}
