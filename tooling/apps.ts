/**
 * The one list of the apps `pnpm start` serves and where: ports, federation names and the
 * environment variables that move them. Build configs, the servers, the host's runtime
 * configuration and the e2e suite all read it.
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
}

export const HOST_APP = { folder: 'host', name: 'host', portEnv: 'HOST_PORT', port: 3000 } as const;

/**
 * The remotes of tooling/remotes (the federation contract), each on the port after the host's
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

/** How long nginx waits for a page server's page before it sends the browser-rendered one. */
export const PAGE_SERVER_TIMEOUT_MS = 5_000;

export const SANDBOX_APP = { folder: 'sandbox-api', portEnv: 'SANDBOX_PORT', port: 4000 } as const;

type Env = Record<string, string | undefined>;

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

/** The provider the servers proxy /api to: API_BASE_URL, else the embedded sandbox. */
export function apiUpstream(env: Env = process.env): string {
  return env.API_BASE_URL ?? `http://127.0.0.1:${portOf(SANDBOX_APP, env)}`;
}

/**
 * The address the servers listen on: loopback unless LISTEN_HOST says otherwise (the embedded
 * sandbox behind them is a development provider whose signing key is published). Fastify's
 * `localhost` listens on every loopback address, IPv4 and IPv6.
 */
export function listenHost(env: Env = process.env): string {
  return env.LISTEN_HOST?.trim() || 'localhost';
}

/**
 * The proxies in front of the host (a TLS terminator, a load balancer) whose
 * `X-Forwarded-For` names the client: addresses or CIDRs, comma-separated in TRUSTED_PROXIES.
 * None by default: the peer is the client.
 */
export function trustedProxies(env: Env = process.env): string[] {
  return (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The header by which the host's proxy proves to the embedded sandbox that it is the proxy, so
 * the sandbox takes the client's address from its `X-Forwarded-For` (sandbox-api README). Its
 * value is PROXY_SECRET, which `pnpm serve` and `pnpm start:nginx` make up per start.
 */
export const PROXY_SECRET_HEADER = 'X-Proxy-Secret';
