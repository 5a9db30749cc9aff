import { CSP_REPORT_PATH } from 'page-server/http/security-headers';
import { RUM_MAX_BYTES, RUM_PATH } from 'release-contract/rum-events';
import { localAddress, type NginxSite } from './nginx-conf-input';
import { toPageServers } from './nginx-edge';
import { plainErrors } from './nginx-errors';
import { replaceHeaders } from './nginx-syntax';

/*
 * What browsers report to the site: the pages' beacons, passed to the page servers, and CSP
 * violation reports, logged by nginx itself.
 */

export function reportLocations(site: NginxSite, common: [string, string][]): string {
  return `    # The pages' beacons (decisions 029, 034): to the page servers, which validate them, check
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
${replaceHeaders(common, '      ')}
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
      proxy_pass http://${localAddress(site)}:${site.host.port}/csp-report-sink;
    }
    location = /csp-report-sink {
      allow ${localAddress(site)};
      deny all;
      access_log off;
      return 204;
    }`;
}
