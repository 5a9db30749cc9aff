import { allowedHosts } from 'page-server/host-check';
import {
  CSP_REPORT_PATH,
  commonSecurityHeaders,
  contentSecurityPolicy,
  type PagePolicy,
} from 'page-server/http/security-headers';
import { PROVIDER_TIMEOUTS, PROXY_BODY_LIMIT } from 'page-server/session/provider-limits';
import { PAGE_SERVER_TIMEOUT_MS } from 'release-contract/apps';
import { CONTENT_HASH, IMMUTABLE, UNPUBLISHED } from 'release-contract/build-output';
import { RUM_MAX_BYTES, RUM_PATH, RUM_VIEW_PARAM } from 'release-contract/rum-events';
import { SESSION_ACTIVITY_PATH, SESSION_STATE_PATH } from 'shared/session/server-session';
import {
  pageCacheControl,
  refusedPaths,
  refusePath,
  toPageServers,
  trustedScheme,
} from './nginx-edge';
import { NGINX_ERROR_PATH, plainErrorLocation, plainErrors, plainErrorTexts } from './nginx-errors';
import { type RemoteServer, remoteOnSite, remoteServer } from './nginx-remotes';
import { addHeaders, escapeRegex, quoted, regex, schemeDependent } from './nginx-syntax';

/**
 * The nginx configuration that serves the product as `pnpm start` does, written from the same
 * definitions the Node servers use: the security headers and CSP (page-server's
 * http/security-headers), the caching rule and content-hash pattern (static-server), the proxy's
 * timeouts and body limit (the session gateway's provider-limits), the host's route list (its route table). Nothing here is
 * a second copy of a rule; a change to one of them changes both servers.
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

/** The header on a page nginx sent itself because no page server answered (its stand-in). */
export const STAND_IN_HEADER = 'Page-Source';

const MIME_TYPES: Record<string, string> = {
  'text/html': 'html',
  'text/css': 'css',
  'text/plain': 'txt',
  'application/javascript': 'js mjs',
  'application/json': 'json',
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg jpeg',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'font/woff2': 'woff2',
  'font/woff': 'woff',
};

function httpPreamble(site: NginxSite): string {
  const types = Object.entries(MIME_TYPES)
    .map(([type, extensions]) => `    ${type} ${extensions};`)
    .join('\n');
  const temp = (name: string) => `${name}_temp_path ${site.prefix}/temp/${name};`;
  return `  types {
${types}
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/plain application/javascript application/json image/svg+xml;
  server_tokens off;
  # Redirects (/api to /api/) name a path only: an absolute one is built from the request's
  # Host, a redirect to wherever the client says, and cacheable.
  absolute_redirect off;
  sendfile on;
  keepalive_timeout 65s;
  # Precompressed copies written by the build: no compression work per request.
  gzip_static on;
  gzip_vary on;
${site.brotliModule ? '  brotli_static on;\n' : ''}${trustedScheme(site.trustedProxies)}  log_format csp_report escape=json '$time_iso8601 $remote_addr "$http_user_agent" $request_body';
  access_log ${site.prefix}/logs/access.log;
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}`;
}

function hostServer(site: NginxSite, common: [string, string][]): string {
  const host = site.host;
  const csp = schemeDependent(
    'page',
    { 'Content-Security-Policy': pageCsp(host, false) },
    { 'Content-Security-Policy': pageCsp(host, true) },
  );
  // A customer's page carries their figures (issue 29): no cache, shared or the browser's, keeps it.
  const pageHeaders = [...common, ...csp.headers, ['Cache-Control', '$page_cache_control']] as [
    string,
    string,
  ][];
  const seconds = (ms: number) => `${Math.ceil(ms / 1000)}s`;
  const page = (name: string) => `/pages/${name}.$audience.html`;
  // nginx's own page headers, written from the same definitions, replace the page server's.
  const fromPageServer = `${toPageServers('      ')}
      # A page server that stops or fails hands the request to the next; a page is a GET.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 1s;
      proxy_read_timeout ${seconds(PAGE_SERVER_TIMEOUT_MS)};
${pageHeaders.map(([name]) => `      proxy_hide_header ${name};`).join('\n')}
${addHeaders(pageHeaders, '      ')}`;
  // The page as the browser renders it: what is sent while no page server answers, marked so
  // (its logs and a test tell it from a page server's page, rendered or not).
  const fallbackOf = (name: string) => `@${name.replace(/-/g, '_')}_page`;
  const staticPage = (name: string) => `    location ${fallbackOf(name)} {
      try_files ${page(name)} =404;
${addHeaders([...pageHeaders, [STAND_IN_HEADER, 'stand-in']], '      ')}
    }`;
  const routeLocation = (route: { id: string; path: string }) => {
    const match = route.path === '/' ? '= /' : `~ ${regex(`^${escapeRegex(route.path)}/*$`)}`;
    return `    location ${match} {
${fromPageServer}
      error_page 502 503 504 = ${fallbackOf(route.id)};
${plainErrors('      ', [502, 503, 504])}
    }
${staticPage(route.id)}`;
  };
  const home = host.routes.find((route) => route.path === '/');
  // The provider's paths and the session's own go through the page servers, which hold the
  // customer's session (decision 027): they open the sealed cookie and authorise each call.
  const throughSession = (match: string) => `    location ${match} {
${toPageServers('      ')}
      # A call is never sent twice: only a page server that never took it is passed over.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_send_timeout ${seconds(PROVIDER_TIMEOUTS.body)};
      proxy_read_timeout ${seconds(PROVIDER_TIMEOUTS.headers + PROVIDER_TIMEOUTS.connect)};
      client_max_body_size ${PROXY_BODY_LIMIT / 1024 / 1024}m;
      # Only nginx's own failures (no page server): the answers pass through as they are.
      error_page 502 504 = @provider_unavailable;
      error_page 413 = @too_large;
${plainErrors('      ', [502, 504, 413])}
      # nginx's own headers, written from the same definitions, replace the page server's.
${common.map(([name]) => `      proxy_hide_header ${name};`).join('\n')}
${addHeaders(common, '      ')}
    }`;
  // Unquoted: nginx would read the regex's closing `$` inside quotes as a variable. A host name
  // (letters, digits, dots, dashes, a port) needs no quotes.
  const siteHosts = [...allowedHosts(site.hostOrigins)].map((name) => {
    if (!/^[a-z0-9.:[\]-]+$/.test(name)) throw new Error(`HOST_ORIGINS: "${name}" is not a host`);
    return `    ~*^${escapeRegex(name)}$ 1;`;
  });
  return `${csp.maps.join('\n')}

  # The names the site answers to (HOST_ORIGINS, with or without their default port).
  map $http_host $host_is_site {
    default 0;
${siteHosts.join('\n')}
  }
  # nginx's own error answers are exempt: a request it refused before reading its headers (a
  # malformed line) has no Host at all, and its plain-text answer is an internal redirect.
  map "$host_is_site:$uri" $refuse_host {
    default 0;
    ~^0:(?!${NGINX_ERROR_PATH}$) 1;
  }

  # A page hints the remotes its first screen loads, for a visitor or a customer (decision 014).
  map $cookie_user $audience {
    "" visitor;
    default customer;
  }
  # A page sent with a session cookie may hold the customer's figures (decision 027); one for
  # a canary's bucket is that visitor's (decision 029).
${pageCacheControl()}

  # A session's requests go to one page server, so one of them refreshes its tokens once
  # (decision 027): the key is the sealed cookie's protected header, which names the session
  # and never changes with it. Anything else is spread at random.
  map $cookie_user $session_affinity {
    "~^(?<sealed_header>[A-Za-z0-9_-]+)\\." $sealed_header;
    default $request_id;
  }

  # The host's page servers: they keep nothing between requests, so more pages a second is
  # more servers here (decision 020).
  upstream page_servers {
    hash $session_affinity consistent;
${upstreamServers(site)}
    keepalive 16;
  }

  # A page view's beacons meet its budget at one page server (decision 034): they go by its
  # view token; a beacon without one anywhere.
  map $arg_${RUM_VIEW_PARAM} $beacon_affinity {
    "" $request_id;
    default $arg_${RUM_VIEW_PARAM};
  }
  upstream beacon_servers {
    hash $beacon_affinity consistent;
${upstreamServers(site)}
    keepalive 4;
  }

  server {
    listen ${listenOn(site, host.port)};
    server_name _;
    root ${host.root};
    # Every answer, nginx's own errors included (a bad request, a URL or headers too long,
    # answered before any location); a location with headers of its own repeats these.
${addHeaders(common, '    ')}
${plainErrors('    ')}
    # An error page's answer may be an error with a page of its own (no page server: the
    # rendered not-found page, sent by its own 404). Every chain ends at the plain-text answer,
    # which cannot fail.
    recursive_error_pages on;
    # A path that climbs or is ambiguously escaped: refused as the page servers refuse it.
${refusePath('    ')}
    # Only the site's own names (HOST_ORIGINS): a request naming another is answered nothing
    # else (DNS rebinding, a stranger on the network), as the page servers do (decision 024).
    # Its answer is a named location: nginx enters one past this check, so it cannot loop.
    error_page 421 @misdirected;
    if ($refuse_host) {
      return 421;
    }

${host.routes.map(routeLocation).join('\n')}
${home ? `    location = /index.html {\n      try_files ${page(home.id)} =404;\n${addHeaders(pageHeaders, '      ')}\n    }` : ''}
    # The rendered pages are answers to the paths above, never addresses of their own.
    location ^~ /pages/ {
      internal;
${addHeaders(pageHeaders, '      ')}
    }
    # Source maps and federation's stats stay with the team: never served.
    location ~ ${regex(UNPUBLISHED)} {
      default_type text/plain;
      return 404 "Not found\\n";
    }
    # Each remote's releases, under the site's own origin too (decision 031).
${site.remotes.map((remote) => remoteOnSite(remote, common, site.releaseOrigin)).join('\n')}
    # A hashed file never changes; everything else is revalidated.
    location ~ ${regex(CONTENT_HASH)} {
      try_files $uri @not_found;
${addHeaders([...common, ['Cache-Control', quoted(IMMUTABLE)]], '      ')}
    }
    location / {
      try_files $uri @not_found;
${addHeaders([...common, ['Cache-Control', quoted('no-cache')]], '      ')}
    }
    # A missing file is a plain 404 (the app in its place would hide a failed chunk); any
    # other unknown path is the app, with status 404, showing its not-found page.
    location @not_found {
      # Plain text whatever the name says: a 404 for app.js is not JavaScript.
      types { }
      default_type text/plain;
      if ($uri ~ ${regex(/[^/]\.[^/]*$/)}) {
        return 404 "Not found\\n";
      }
      # The page servers answer an unknown path with the not-found page and status 404.
${fromPageServer}
      error_page 502 503 504 = ${fallbackOf(host.notFoundPage)};
${plainErrors('      ', [502, 503, 504])}
    }
    location ${fallbackOf(host.notFoundPage)} {
${plainErrors('      ', [404])}
      error_page 404 ${page(host.notFoundPage)};
      return 404;
    }

${host.providerPaths.map(throughSession).join('\n')}
${[SESSION_STATE_PATH, SESSION_ACTIVITY_PATH].map((path) => throughSession(`= ${path}`)).join('\n')}
    location @provider_unavailable {
      default_type application/json;
${addHeaders(common, '      ')}
      return 502 ${quoted(host.providerUnavailableBody)};
    }
    location @too_large {
      default_type application/json;
${addHeaders(common, '      ')}
      return 413 ${quoted(host.tooLargeBody)};
    }
${plainErrorLocation(common)}
    location @misdirected {
      # Plain text whatever the path's extension says.
      types { }
      default_type text/plain;
${addHeaders(common, '      ')}
      return 421 "Misdirected request\n";
    }

    # The pages' beacons (decisions 029, 034): to the page servers, which validate them, check
    # each view's token and budget, and count them. Small and never sent twice; nginx refuses a
    # larger body before any page server.
    location = ${RUM_PATH} {
      limit_except POST { deny all; }
      client_max_body_size ${RUM_MAX_BYTES / 1024}k;
      client_body_buffer_size ${RUM_MAX_BYTES / 1024}k;
      access_log off;
${toPageServers('      ', 'beacon_servers')}
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_read_timeout 5s;
${plainErrors('      ', [])}
${common.map(([name]) => `      proxy_hide_header ${name};`).join('\n')}
${addHeaders(common, '      ')}
    }

    # The browser's CSP violation reports, logged for the team. nginx reads a body only to
    # pass it on, so the report is passed to a sink on this same server and logged here.
    location = ${CSP_REPORT_PATH} {
      limit_except POST { deny all; }
      client_max_body_size 16k;
      client_body_buffer_size 16k;
      access_log ${site.prefix}/logs/csp-reports.log csp_report;
      # The site's own name, which the check of every request above accepts.
      proxy_set_header Host $http_host;
      proxy_pass http://${localAddress(site)}:${host.port}/csp-report-sink;
    }
    location = /csp-report-sink {
      allow ${localAddress(site)};
      deny all;
      access_log off;
      return 204;
    }
  }`;
}

function pageCsp(host: HostServer, https: boolean): string {
  const policy: PagePolicy = {
    remoteOrigins: host.remoteOrigins,
    https,
    reportPath: CSP_REPORT_PATH,
  };
  return contentSecurityPolicy(policy);
}

/** The page servers of an upstream block: one that fails is passed over for two seconds. */
const upstreamServers = (site: NginxSite) =>
  site.host.pageServers
    .map((server) => (typeof server === 'number' ? `${localAddress(site)}:${server}` : server))
    .map((address) => `    server ${address} max_fails=1 fail_timeout=2s;`)
    .join('\n');

const listenOn = (site: NginxSite, port: number) => `${site.listen ?? '127.0.0.1'}:${port}`;

/**
 * Where nginx reaches the servers on its own machine (itself, the page servers): loopback,
 * unless it listens on one other address only.
 */
const localAddress = (site: NginxSite) =>
  site.listen && site.listen !== '0.0.0.0' ? site.listen : '127.0.0.1';

/** The whole nginx.conf: every app on its own port, as `pnpm start` serves them. */
export function renderNginxConf(site: NginxSite): string {
  const common = schemeDependent(
    'security',
    commonSecurityHeaders(false),
    commonSecurityHeaders(true),
  );
  const corsOrigins = site.hostOrigins.map((origin) => `    ${quoted(origin)} $http_origin;`);
  return `# Written by deploy/nginx (pnpm start:nginx); edit the definitions it is written from.
${site.brotliModule ? `load_module ${site.brotliModule};\n` : ''}${site.user ? `user ${site.user};\n` : ''}worker_processes auto;
pid ${site.prefix}/nginx.pid;
error_log ${site.prefix}/logs/error.log warn;

events {
  worker_connections 1024;
}

http {
${httpPreamble(site)}

${common.maps.join('\n')}

${plainErrorTexts()}

${refusedPaths()}

  # The remotes answer CORS for the host's origins only.
  map $http_origin $cors_origin {
${corsOrigins.join('\n')}
    default "";
  }

${hostServer(site, common.headers)}

${site.releaseOrigin ? '' : site.remotes.map((remote) => remoteServer(remote, common.headers, listenOn(site, remote.port))).join('\n\n')}
}
`;
}
