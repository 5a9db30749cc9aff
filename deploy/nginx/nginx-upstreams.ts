import { KEEP_ALIVE_TIMEOUT_MS } from 'page-server/http/static-server';
import { RUM_VIEW_PARAM } from 'release-contract/rum-events';
import { localAddress, type NginxSite } from './nginx-conf-input';
import { seconds } from './nginx-syntax';

/*
 * The page servers as nginx balances over them (decision 020): one group for pages and the
 * session's calls, kept to one server per session, and one for beacons, kept to one per view.
 */

/**
 * How long nginx keeps an idle connection to a page server: shorter than the page server keeps
 * it, so nginx closes first and never sends a request on one the page server is closing (a
 * 502). The margin covers the timers' granularity and the gap between the page server's
 * answer and nginx's return of the connection to its pool.
 */
const KEEPALIVE_MARGIN_MS = 5_000;
const keepaliveTimeout = seconds(KEEP_ALIVE_TIMEOUT_MS - KEEPALIVE_MARGIN_MS);

/** The page servers of an upstream block: one that fails is passed over for two seconds. */
const upstreamServers = (site: NginxSite) =>
  site.host.pageServers
    .map((server) => (typeof server === 'number' ? `${localAddress(site)}:${server}` : server))
    .map((address) => `    server ${address} max_fails=1 fail_timeout=2s;`)
    .join('\n');

/** `upstream page_servers` and `upstream beacon_servers`, each with the key it hashes on. */
export function pageServerUpstreams(site: NginxSite): string {
  return `  # A session's requests go to one page server, so one of them refreshes its tokens once
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
    keepalive_timeout ${keepaliveTimeout};
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
    keepalive_timeout ${keepaliveTimeout};
  }`;
}
