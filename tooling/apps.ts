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

/**
 * How Node runs a page server (page-server/dist/serve-page-server.mjs), wherever it is started: V8's
 * compilation cache off (a release's source would stay for good, decision 020), and no
 * inspector a signal could open: its render workers run a slice's code, which must not reach
 * the page server's secrets (decision 032). The page server refuses to start without it.
 */
export const PAGE_SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--no-compilation-cache',
  '--disable-sigusr1',
] as const;

export const SANDBOX_APP = { folder: 'sandbox-api', portEnv: 'SANDBOX_PORT', port: 4000 } as const;

/**
 * `pnpm dev`'s session holder (page-server/src/dev-gateway): the development servers send the
 * provider's paths and the session's own through it, as the host's server does in production
 * (decision 027), so a customer's session is the server's there too.
 */
export const DEV_GATEWAY_APP = { portEnv: 'DEV_GATEWAY_PORT', port: 3900 } as const;

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

/**
 * Where a remote's manifest is: its REMOTE_*_URL, else its port on localhost, where `pnpm start`
 * serves it. Configuration only: never a name a request brought (issue 28).
 */
export function remoteManifestUrl(remote: RemoteApp, env: Env = process.env): string {
  return env[remote.urlEnv] ?? `http://localhost:${portOf(remote, env)}/mf-manifest.json`;
}

/** The provider the servers proxy /api to: API_BASE_URL, else the embedded sandbox. */
export function apiUpstream(env: Env = process.env): string {
  return env.API_BASE_URL ?? `http://127.0.0.1:${portOf(SANDBOX_APP, env)}`;
}

/**
 * Where the host's site hands requests to the provider (decision 023), as path prefixes on the
 * host's origin: the contract's API and Django's media folder always, and the folders in
 * PROVIDER_MEDIA_PATHS (comma-separated, each like `/files/` or `/cms/uploads/`) for a provider
 * that serves its files elsewhere. The host's proxy, nginx and the page's image check all read
 * this one list, so an image the page accepts is one the site serves.
 */
export const DEFAULT_PROVIDER_PATHS: readonly string[] = ['/api/', '/media/'];

/** One or more plain segments between slashes: nothing the URL parser would rewrite. */
const FOLDER_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/$/;

export function providerPaths(env: Env = process.env): string[] {
  const added = (env.PROVIDER_MEDIA_PATHS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const prefix of added) {
    if (!FOLDER_PATH.test(prefix)) {
      throw new Error(`PROVIDER_MEDIA_PATHS: "${prefix}" is not a folder path such as /files/`);
    }
  }
  return [...new Set([...DEFAULT_PROVIDER_PATHS, ...added])];
}

/** An origin as the URL parser writes it, or an error naming the variable it came from. */
function originOf(address: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`${variable}: "${address}" is not an address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${variable}: "${address}" is not an http(s) address`);
  }
  return url.origin;
}

/** A comma-separated list of origins from a variable, parsed and written as origins. */
function originsFrom(env: Env, variable: string): string[] {
  return (env[variable] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => originOf(entry, variable));
}

/**
 * The origins the host's page is served from: HOST_ORIGINS, else the host's port on localhost
 * and 127.0.0.1 (what `pnpm start` serves). Remotes answer CORS for these.
 */
export function hostOrigins(env: Env = process.env): string[] {
  const listed = originsFrom(env, 'HOST_ORIGINS');
  if (listed.length > 0) return listed;
  const port = portOf(HOST_APP, env);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * The origins on which the provider may name its files by an absolute address: its own (the
 * proxy's upstream, and PROVIDER_ORIGINS when it names itself by a public address the proxy does
 * not use) and the host's, which a provider behind the proxy names when it builds addresses
 * from X-Forwarded-Host (Django's USE_X_FORWARDED_HOST). Such an address is loaded from the same
 * path on the host's site, through the proxy.
 */
export function providerOrigins(env: Env = process.env): string[] {
  const origins = [
    originOf(apiUpstream(env), 'API_BASE_URL'),
    ...originsFrom(env, 'PROVIDER_ORIGINS'),
    ...hostOrigins(env),
  ];
  return [...new Set(origins)];
}

/** The sandbox's bank (its BANK_PORT's default), another site than the host's. */
export const DEFAULT_PAYMENT_PAGE_ORIGINS: readonly string[] = ['http://127.0.0.1:4100'];

/**
 * The origins of the bank's payment page (contract v1.3), where the page may send a customer to
 * pay: PAYMENT_PAGE_ORIGINS, else the sandbox's bank. A payment order's `redirect_url` on any
 * other origin is not followed.
 */
export function paymentPageOrigins(env: Env = process.env): string[] {
  const listed = originsFrom(env, 'PAYMENT_PAGE_ORIGINS');
  return listed.length > 0 ? [...new Set(listed)] : [...DEFAULT_PAYMENT_PAGE_ORIGINS];
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

/** One or more variables, their default and meaning in one line, as docs/configuration.md shows. */
export interface EnvVariable {
  names: readonly string[];
  /** As the docs say it: a value, or what happens when it is unset. */
  default: string;
  meaning: string;
}

const remoteVariables = (key: keyof RemoteApp) => REMOTE_APPS.map((remote) => String(remote[key]));

/**
 * The variables this module reads (apps, ports, origins, the provider): `pnpm env:table` writes
 * them into docs/configuration.md, and a tooling test fails when this module reads one that is
 * not here, or this names one it does not read.
 */
export const APPS_VARIABLES: readonly EnvVariable[] = [
  { names: [HOST_APP.portEnv], default: String(HOST_APP.port), meaning: "the host's port" },
  {
    names: remoteVariables('portEnv'),
    default: REMOTE_APPS.map((remote) => remote.port).join(', '),
    meaning: "each remote's port (the host's runtime configuration follows them)",
  },
  {
    names: remoteVariables('urlEnv'),
    default: '`http://localhost:<port>/mf-manifest.json`',
    meaning:
      "a remote's manifest URL when it is deployed elsewhere; required with `NODE_ENV=production`; never taken from a request",
  },
  {
    names: remoteVariables('integrityEnv'),
    default: 'unset (`pnpm start` registers its builds)',
    meaning:
      'the release at that URL: `sha384-<entry> sha384-<server bundle> sha384-<manifest>` (`-` for no server bundle); required with `NODE_ENV=production` (decision 025)',
  },
  {
    names: [
      ...remoteVariables('canaryUrlEnv'),
      ...remoteVariables('canaryPercentEnv'),
      ...remoteVariables('canaryIntegrityEnv'),
    ],
    default: 'unset',
    meaning:
      "a remote's canary release: its manifest URL, the share of visitors it gets (1–99) and its pins (decision 029)",
  },
  {
    names: ['PAGE_SERVER_PORTS'],
    default: `${HOST_APP.port + 10},${HOST_APP.port + 11}`,
    meaning: 'the page servers `pnpm start:nginx` runs behind nginx, one per port',
  },
  {
    names: ['HOST_ORIGINS'],
    default: '`http://localhost:3000,http://127.0.0.1:3000`',
    meaning:
      'origins the host is served from: the host answers a request naming any other 421, remotes answer CORS for these',
  },
  {
    names: ['API_BASE_URL'],
    default: `unset → \`http://127.0.0.1:$${SANDBOX_APP.portEnv}\``,
    meaning: "the provider the host's server proxies `/api/*` to",
  },
  {
    names: ['PROVIDER_MEDIA_PATHS'],
    default: 'unset',
    meaning:
      'further folders of the site proxied to the provider beside `/api/` and `/media/`, where it serves its files (decision 023)',
  },
  {
    names: ['PROVIDER_ORIGINS'],
    default: 'unset',
    meaning:
      "origins the provider names its files by when they are not `API_BASE_URL`'s (its public address); loaded from the same path here",
  },
  {
    names: ['PAYMENT_PAGE_ORIGINS'],
    default: DEFAULT_PAYMENT_PAGE_ORIGINS.join(','),
    meaning:
      "the acquiring bank's origins, comma-separated: the page sends a customer only to a payment page on one of them (decision 035)",
  },
  {
    names: [SANDBOX_APP.portEnv],
    default: String(SANDBOX_APP.port),
    meaning: "the embedded sandbox API's port",
  },
  {
    names: [DEV_GATEWAY_APP.portEnv],
    default: String(DEV_GATEWAY_APP.port),
    meaning:
      '`pnpm dev`’s session holder, which the development servers pass `/api`, `/media` and `/session` to',
  },
  {
    names: ['LISTEN_HOST'],
    default: 'loopback (`localhost`; nginx `127.0.0.1`)',
    meaning:
      'the address the servers and nginx listen on; set it (e.g. `0.0.0.0`) to serve other machines',
  },
  {
    names: ['TRUSTED_PROXIES'],
    default: 'unset',
    meaning:
      'proxies in front (TLS terminator, load balancer), comma-separated addresses or CIDRs, whose `X-Forwarded-For` names the client and `X-Forwarded-Proto` the scheme',
  },
];
