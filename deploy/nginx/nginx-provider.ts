import { PROVIDER_TIMEOUTS, PROXY_BODY_LIMIT } from 'page-server/session/provider-limits';
import { SESSION_ACTIVITY_PATH, SESSION_STATE_PATH } from 'shared/session/server-session';
import type { HostServer } from './nginx-conf-input';
import { toPageServers } from './nginx-edge';
import { plainErrors } from './nginx-errors';
import { addHeaders, quoted, replaceHeaders, seconds } from './nginx-syntax';

/*
 * The provider's folders (its API, its files, the configured ones) and the session's own
 * paths: through the page servers, which hold the customer's session (decision 027), with the
 * session gateway's timeouts and body limit, and nginx's own failures in the contract's shape.
 */

/** A location whose calls the page servers make for the session: never sent twice. */
function throughSession(match: string, common: [string, string][]): string {
  return `    location ${match} {
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
${replaceHeaders(common, '      ')}
    }`;
}

/** Each provider folder's location, the session's, and the answers to nginx's own failures. */
export function providerLocations(host: HostServer, common: [string, string][]): string {
  const session = [SESSION_STATE_PATH, SESSION_ACTIVITY_PATH].map((path) => `= ${path}`);
  const locations = (matches: readonly string[]) =>
    matches.map((match) => throughSession(match, common)).join('\n');
  return `${locations(host.providerPaths)}
${locations(session)}
    location @provider_unavailable {
      default_type application/json;
${addHeaders(common, '      ')}
      return 502 ${quoted(host.providerUnavailableBody)};
    }
    location @too_large {
      default_type application/json;
${addHeaders(common, '      ')}
      return 413 ${quoted(host.tooLargeBody)};
    }`;
}
