import { CSP_REPORT_PATH, contentSecurityPolicy } from 'page-server/http/security-headers';
import { PAGE_SERVER_TIMEOUT_MS } from 'release-contract/apps';
import type { HostServer } from './nginx-conf-input';
import { pageCacheControl, toPageServers } from './nginx-edge';
import { plainErrors } from './nginx-errors';
import {
  addHeaders,
  escapeRegex,
  regex,
  replaceHeaders,
  schemeDependent,
  seconds,
} from './nginx-syntax';

/*
 * The host's pages: each route asked of the page servers, the page rendered into the site
 * sent while none answers (its stand-in), and an unknown path's not-found page, each with the
 * page's own headers (its CSP, its Cache-Control) in place of the page server's.
 */

/** The header on a page nginx sent itself because no page server answered (its stand-in). */
export const STAND_IN_HEADER = 'Page-Source';

/** The pages' part of the http block and of the host's server block, in the order written. */
export interface HostPages {
  /** The page's CSP by scheme (maps on `$site_scheme`). */
  cspMaps: string;
  /** Which page a request gets (`$audience`) and how private it is (`$page_cache_control`). */
  maps: string;
  /** Each route's location and its stand-in, `/index.html`, and the rendered pages' folder. */
  locations: string;
  /** Where a path that is no file ends: the page servers' not-found page, or its stand-in. */
  unknownPath: string;
}

const pageCsp = (host: HostServer, https: boolean) =>
  contentSecurityPolicy({ remoteOrigins: host.remoteOrigins, https, reportPath: CSP_REPORT_PATH });

export function hostPages(host: HostServer, common: [string, string][]): HostPages {
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
  const page = (name: string) => `/pages/${name}.$audience.html`;
  // nginx's own page headers, written from the same definitions, replace the page server's.
  const fromPageServer = `${toPageServers('      ')}
      # A page server that stops or fails hands the request to the next; a page is a GET.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 1s;
      proxy_read_timeout ${seconds(PAGE_SERVER_TIMEOUT_MS)};
${replaceHeaders(pageHeaders, '      ')}`;
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
  return {
    cspMaps: csp.maps.join('\n'),
    maps: `  # A page hints the remotes its first screen loads, for a visitor or a customer (decision 014).
  map $cookie_user $audience {
    "" visitor;
    default customer;
  }
  # A page sent with a session cookie may hold the customer's figures (decision 027); one for
  # a canary's bucket is that visitor's (decision 029).
${pageCacheControl()}`,
    locations: `${host.routes.map(routeLocation).join('\n')}
${home ? `    location = /index.html {\n      try_files ${page(home.id)} =404;\n${addHeaders(pageHeaders, '      ')}\n    }` : ''}
    # The rendered pages are answers to the paths above, never addresses of their own.
    location ^~ /pages/ {
      internal;
${addHeaders(pageHeaders, '      ')}
    }`,
    unknownPath: `    # A missing file is a plain 404 (the app in its place would hide a failed chunk); any
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
    }`,
  };
}
