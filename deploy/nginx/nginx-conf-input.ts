import type { RemoteServer } from './nginx-remotes';

/*
 * What nginx.conf is written from (nginx-site's `siteFor` builds it from the apps' own
 * definitions), and the addresses nginx listens on and reaches its own machine by.
 */

/** A page server nginx balances over: a port on its own machine, or `address:port` on another. */
export type PageServerAddress = number | string;

export interface HostServer {
  port: number;
  /** The host's site folder: its build, with the pages and runtime config rendered in. */
  root: string;
  /** Origins of the remotes the runtime configuration names: the page's CSP allows them. */
  remoteOrigins: readonly string[];
  /** The routes the router knows: each answered with its rendered page and status 200. */
  routes: readonly { id: string; path: string }[];
  /** The rendered page's name for an unknown path (answered with status 404). */
  notFoundPage: string;
  /**
   * The host's page servers (its Node server, decision 020), which render each page; nginx
   * balances over them: a port on nginx's own machine, or `address:port` on another. While none
   * answers, the pages above are sent instead: the browser renders them, as before the server did.
   */
  pageServers: readonly PageServerAddress[];
  /**
   * The provider's folders (release-contract/origins `providerPaths`): its API and its files,
   * passed to the page servers, which hold the session and call the provider (decision 027).
   */
  providerPaths: readonly string[];
  /** JSON bodies in the contract's shape for the proxy's own failures. */
  providerUnavailableBody: string;
  tooLargeBody: string;
}

export interface NginxSite {
  /** nginx's prefix: its pid, logs and temporary files live here. */
  prefix: string;
  /** The workers' user, when the master runs as root. */
  user?: string;
  /** ngx_http_brotli_static_module's file, when installed: brotli copies are sent then. */
  brotliModule?: string;
  host: HostServer;
  remotes: readonly RemoteServer[];
  /** Origins allowed to read the remotes' files (CORS): the host's. */
  hostOrigins: readonly string[];
  /**
   * The release origin (a static HTTP store behind a CDN, `http://address:port`) that holds every
   * remote's releases: each remote's folder on the site is proxied there, and no remote is
   * served from this machine's disk. Unset, nginx serves them from `remotes[].root` itself.
   */
  releaseOrigin?: string;
  /** The address nginx listens on: loopback unless configured (LISTEN_HOST). */
  listen?: string;
  /**
   * Proxies in front of nginx (TRUSTED_PROXIES) whose X-Forwarded-For names the client and
   * whose X-Forwarded-Proto the scheme (nginx-edge).
   */
  trustedProxies?: readonly string[];
}

export const listenOn = (site: NginxSite, port: number) => `${site.listen ?? '127.0.0.1'}:${port}`;

/**
 * Where nginx reaches the servers on its own machine (itself, the page servers): loopback,
 * unless it listens on one other address only.
 */
export const localAddress = (site: NginxSite) =>
  site.listen && site.listen !== '0.0.0.0' ? site.listen : '127.0.0.1';
