/**
 * The one list of the apps `pnpm start` serves and where: ports, federation names and the
 * environment variables that move them. Build configs, the servers, the host's runtime
 * configuration and the e2e suite all read it; where the site and its provider are is
 * `origins.ts`, how the servers meet the network `proxies.ts`.
 */
import { REMOTES, type RemoteFolder, type RemoteName } from './remotes.ts';

export interface RemoteApp {
  /** The workspace folder. */
  folder: RemoteFolder;
  /** The federation name (also the runtime configuration's remote name). */
  name: RemoteName;
  portEnv: string;
  port: number;
  /** Overrides the manifest URL when the remote is deployed elsewhere. */
  urlEnv: string;
  /** The pins of the release at that URL (decision 025), when no rollout here registered it. */
  integrityEnv: string;
  /**
   * A canary release (decision 029): its manifest URL, the share of visitors it gets (1–99),
   * and its pins when no rollout here registered it.
   */
  canaryUrlEnv: string;
  canaryPercentEnv: string;
  canaryIntegrityEnv: string;
}

export const HOST_APP = { folder: 'host', name: 'host', portEnv: 'HOST_PORT', port: 3000 } as const;

/**
 * The remotes of `remotes.ts` (the federation contract), each on the port after the host's
 * in that order, with variables named for its folder: REMOTE_HOME_PORT, REMOTE_HOME_URL.
 */
export const REMOTE_APPS: readonly RemoteApp[] = REMOTES.map((remote, index) => {
  const prefix = remote.folder.toUpperCase().replace(/-/g, '_');
  return {
    folder: remote.folder,
    name: remote.name,
    portEnv: `${prefix}_PORT`,
    port: HOST_APP.port + 1 + index,
    urlEnv: `${prefix}_URL`,
    integrityEnv: `${prefix}_INTEGRITY`,
    canaryUrlEnv: `${prefix}_CANARY_URL`,
    canaryPercentEnv: `${prefix}_CANARY_PERCENT`,
    canaryIntegrityEnv: `${prefix}_CANARY_INTEGRITY`,
  };
});

/**
 * The host's page servers behind nginx (`pnpm start:nginx`, decision 020): PAGE_SERVER_PORTS,
 * comma-separated; two by default, so one can stop while the other answers.
 */
export function pageServerPorts(env: Env = process.env): number[] {
  const listed = (env.PAGE_SERVER_PORTS ?? '')
    .split(',')
    .map((entry) => Number(entry.trim()))
    .filter((port) => Number.isInteger(port) && port > 0);
  return listed.length > 0 ? listed : [HOST_APP.port + 10, HOST_APP.port + 11];
}

/**
 * Where a page server serves its Prometheus metrics (decision 029): its port plus 100, on
 * loopback only (3110 for the page server on 3010).
 */
export const metricsPortOf = (pageServerPort: number): number => pageServerPort + 100;

/** How long nginx waits for a page server's page before it sends the browser-rendered one. */
export const PAGE_SERVER_TIMEOUT_MS = 5_000;

export const SANDBOX_APP = { folder: 'sandbox-api', portEnv: 'SANDBOX_PORT', port: 4000 } as const;

/**
 * `pnpm dev`'s session holder (page-server/src/dev-gateway): the development servers send the
 * provider's paths and the session's own through it, as the host's server does in production
 * (decision 027), so a customer's session is the server's there too.
 */
export const DEV_GATEWAY_APP = { portEnv: 'DEV_GATEWAY_PORT', port: 3900 } as const;

/** A server's environment, as `process.env` has it. */
export type Env = Record<string, string | undefined>;

/** A port from the environment when it is a positive integer, else the default. */
export function portOf(app: { portEnv: string; port: number }, env: Env = process.env): number {
  const value = Number(env[app.portEnv]);
  return Number.isInteger(value) && value > 0 ? value : app.port;
}

export function remoteApp(folder: RemoteApp['folder']): RemoteApp {
  const app = REMOTE_APPS.find((candidate) => candidate.folder === folder);
  if (!app) throw new Error(`unknown remote ${folder}`);
  return app;
}

/**
 * Where a remote's manifest is: its REMOTE_*_URL, else its port on localhost, where `pnpm start`
 * serves it. Configuration only: never a name a request brought (issue 28).
 */
export function remoteManifestUrl(remote: RemoteApp, env: Env = process.env): string {
  return env[remote.urlEnv] ?? `http://localhost:${portOf(remote, env)}/mf-manifest.json`;
}
