import { DEV_GATEWAY_APP, HOST_APP, REMOTE_APPS, type RemoteApp, SANDBOX_APP } from './apps.ts';
import { DEFAULT_PAYMENT_PAGE_ORIGINS } from './origins.ts';

/** One or more variables, their default and meaning in one line, as docs/configuration.md shows. */
export interface EnvVariable {
  names: readonly string[];
  /** As the docs say it: a value, or what happens when it is unset. */
  default: string;
  meaning: string;
}

const remoteVariables = (key: keyof RemoteApp) => REMOTE_APPS.map((remote) => String(remote[key]));

/**
 * The variables apps.ts, origins.ts and proxies.ts read (apps, ports, origins, the provider):
 * `pnpm env:table` writes them into docs/configuration.md, and a tooling test fails when they
 * read one that is not here, or this names one they do not read.
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
