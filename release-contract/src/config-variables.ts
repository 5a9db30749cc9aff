import type { EnvVariable } from './apps-variables';

/*
 * The page server's environment variables, each with its default and meaning in one line: the
 * readers (config-from-env, serve-page-server, releases-source, dev-gateway, page-server-app,
 * session-keys, worker-user, worker-memory, render-service-address, with-proxy-secret: the list
 * is tooling/env-table's SECTIONS) read no other, and `pnpm env:table` writes
 * docs/configuration.md from this table (a tooling test fails when either drifts). Data only:
 * the docs' writer loads it without the server.
 */

/**
 * The page server's own variables that were named HOST_* while it was the host's server (issue
 * 57), by their old names. For one release the page server still takes an old name whose new
 * one is unset, and says so once in its log at start (renamed-variables): a deployment's
 * environment keeps working, and is told what to change. nginx passes them on to its page
 * servers meanwhile. Delete this (and its reader) in the release after.
 */
export const RENAMED_PAGE_SERVER_VARIABLES = {
  HOST_LOG_LEVEL: 'PAGE_SERVER_LOG_LEVEL',
  HOST_RENDER_BUDGET_MS: 'PAGE_SERVER_RENDER_BUDGET_MS',
  HOST_RENDER_WORKERS: 'PAGE_SERVER_RENDER_WORKERS',
  HOST_ROOT: 'PAGE_SERVER_ROOT',
  HOST_RENDER_BUNDLE: 'PAGE_SERVER_RENDER_BUNDLE',
} as const;

type OldName = keyof typeof RENAMED_PAGE_SERVER_VARIABLES;
/** The docs' words for a renamed variable's old name. */
const formerly = (...names: OldName[]) =>
  ` (was ${names.map((name) => `\`${name}\``).join(', ')}: still read for one release, with a warning)`;

export const PAGE_SERVER_VARIABLES = [
  {
    names: ['NODE_ENV'],
    default: 'unset',
    meaning:
      '`production` requires every remote address and its pins (or a releases document pinning each), `SESSION_SECRET`, refuses unpinned server code, and samples a tenth of the beacons',
  },
  {
    names: ['PAGE_SERVER_LOG_LEVEL'],
    default: 'warn',
    meaning: `the page server's log: CSP violation reports, an unreachable provider${formerly('HOST_LOG_LEVEL')}`,
  },
  {
    names: ['PAGE_SERVER_RENDER_BUDGET_MS'],
    default: '400',
    meaning: `how long a page waits for its parts’ code and answers before it is sent without them (the browser renders those)${formerly('HOST_RENDER_BUDGET_MS')}`,
  },
  {
    names: ['PAGE_SERVER_RENDER_WORKERS'],
    default: '1',
    meaning: `the render workers for the host's parts and for each slice's slots (decision 032)${formerly('HOST_RENDER_WORKERS')}`,
  },
  {
    names: ['RENDER_WORKER_USER'],
    default: 'unset: a uid per slice (as root)',
    meaning:
      "unset, the render workers of the host and of each slice run as a uid of their own (`RENDER_WORKER_UID_BASE`) when the page server may change user; a user's name runs every slice's as that one user; `-` keeps the page server's own (decision 032)",
  },
  {
    names: ['RENDER_WORKER_UID_BASE'],
    default: '470000',
    meaning:
      "the host's render workers' uid and gid; each slice's is the next in the contract's order (`remote_home` +1, `remote_account` +2, `remote_loans` +3); a uid of an account of the machine's (`/etc/passwd`, `/etc/group`, `/etc/subuid`) is refused; page servers on one machine that must be apart take bases apart (decision 032)",
  },
  {
    names: ['RENDER_WORKER_MEMORY_MB'],
    default: '512',
    meaning:
      "a render worker's memory cap: held by the kernel in a memory cgroup of the worker's own where the page server may make one (as root), else by a watchdog reading its resident size; a worker over it is stopped and the release it ran blamed (decision 032)",
  },
  {
    names: [
      'RENDER_SERVICE_REMOTE_HOME',
      'RENDER_SERVICE_REMOTE_ACCOUNT',
      'RENDER_SERVICE_REMOTE_LOANS',
    ],
    default: "unset: the slice's render workers are the page server's own",
    meaning:
      "`host:port` of the slice's render service (`serve-render-service`, a Deployment of its own in a cluster): its slots are rendered there, and the page server starts no worker for that slice (decision 041)",
  },
  {
    names: ['RELEASES_SOURCE'],
    default: 'unset: `pnpm start` rolls out the local builds',
    meaning:
      "the releases document (each slice's pinned release and canary): a file path (a mounted ConfigMap) or an http(s) URL; re-read, the last good one kept when a read fails (issue 48)",
  },
  {
    names: ['RELEASES_PUBLIC_KEY'],
    default: 'required with RELEASES_SOURCE',
    meaning:
      "the rollout's Ed25519 public key (SPKI PEM): a releases document is believed only when its signature verifies with it and it is not older than the one in use (decision 040); `pnpm start` signs with `.local-rollout/`'s key",
  },
  {
    names: ['RELEASES_REFRESH_SECONDS'],
    default: '1 for a file, 2 for a URL',
    meaning: 'how often the page server reads the releases document again',
  },
  {
    names: ['PAGE_SERVER_ROOT', 'PAGE_SERVER_RENDER_BUNDLE'],
    default: '`host/dist`, `host/dist-server/render-page.cjs`',
    meaning: `a deployment's copies of the host's build and its server entry${formerly('HOST_ROOT', 'HOST_RENDER_BUNDLE')}`,
  },
  {
    names: ['METRICS_PORT'],
    default: 'unset: no metrics server',
    meaning:
      'the port Prometheus reads the page server’s metrics on, and probes read `/health` and `/ready` (decision 029)',
  },
  {
    names: ['METRICS_HOST'],
    default: '127.0.0.1',
    meaning:
      'the address the metrics port listens on: loopback on one machine, `0.0.0.0` in a cluster, where a network policy admits only Prometheus',
  },
  {
    names: ['ROUTE_MIDDLEWARE'],
    default: '{}',
    meaning: 'JSON: extra middleware per route path, e.g. `{"/static":["auth"]}`',
  },
  {
    names: ['SESSION_IDLE_SECONDS', 'SESSION_WARNING_SECONDS'],
    default: '900, 120',
    meaning:
      'the session ends this long after the last activity; the page warns this long before (decisions 022, 027)',
  },
  {
    names: ['SESSION_MAX_SECONDS'],
    default: '43200 (12 h)',
    meaning: 'the session ends this old, however used (decision 027)',
  },
  {
    names: ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS'],
    default: 'made up per start (`pnpm serve`, `start:nginx`)',
    meaning:
      'the key (32+ characters) sealing the session cookie, the same on every page server; the previous one still opens sessions sealed before a rotation',
  },
  {
    names: ['RUM_SAMPLE_RATE'],
    default: '1; 0.1 in production',
    meaning: 'the share of page views that send real-user beacons, from 0 to 1 (decision 029)',
  },
  {
    names: ['PROXY_SECRET'],
    default: 'made up per start',
    meaning: 'what the page server sends the embedded sandbox as `X-Proxy-Secret`',
  },
] as const satisfies readonly EnvVariable[];

export type PageServerVariable = (typeof PAGE_SERVER_VARIABLES)[number]['names'][number];

/**
 * A slice's render service's own variables (serve-render-service, decision 041); it reads
 * LISTEN_HOST and the RENDER_WORKER_* variables as the page server does.
 */
export const RENDER_SERVICE_VARIABLES = [
  {
    names: ['RENDER_SERVICE_SLICE'],
    default: 'required',
    meaning:
      "the remote whose slots the service renders (`remote_home`, `remote_account`, `remote_loans`): a page server asking for another slice's worker is refused",
  },
  {
    names: ['RENDER_SERVICE_PORT'],
    default: '7310',
    meaning:
      "the port page servers connect to; each connection is one render worker, the service's child process",
  },
  {
    names: ['RENDER_SERVICE_WORKERS'],
    default: '8',
    meaning:
      'the most render workers the service runs at once: a connection past them is closed unanswered',
  },
] as const satisfies readonly EnvVariable[];
