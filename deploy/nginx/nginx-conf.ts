import { commonSecurityHeaders } from 'page-server/http/security-headers';
import { listenOn, type NginxSite } from './nginx-conf-input';
import {
  foreignHosts,
  misdirectedLocation,
  refusedPaths,
  refuseForeignHost,
  refusePath,
} from './nginx-edge';
import { plainErrorLocation, plainErrors, plainErrorTexts } from './nginx-errors';
import { fileLocations } from './nginx-files';
import { httpPreamble } from './nginx-http';
import { hostPages } from './nginx-pages';
import { providerLocations } from './nginx-provider';
import { remoteServer } from './nginx-remotes';
import { reportLocations } from './nginx-reports';
import { addHeaders, quoted, schemeDependent } from './nginx-syntax';
import { pageServerUpstreams } from './nginx-upstreams';

/**
 * The nginx configuration that serves the product as `pnpm start` does, written from the same
 * definitions the Node servers use: the security headers and CSP (page-server's
 * http/security-headers), the caching rule and content-hash pattern (static-server), the proxy's
 * timeouts and body limit (the session gateway's provider-limits), the host's route list (its route table). Nothing here is
 * a second copy of a rule; a change to one of them changes both servers. Each part of the host's
 * server block is written by the module named for it; this one puts them in their order.
 */

// The package's export names what the configuration is written from here, as it always has.
export type { HostServer, NginxSite, PageServerAddress } from './nginx-conf-input';
export { STAND_IN_HEADER } from './nginx-pages';

function hostServer(site: NginxSite, common: [string, string][]): string {
  const host = site.host;
  const pages = hostPages(host, common);
  return `${pages.cspMaps}

${foreignHosts(site.hostOrigins)}

${pages.maps}

${pageServerUpstreams(site)}

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
${refuseForeignHost}

${pages.locations}
${fileLocations(site, common)}
${pages.unknownPath}

${providerLocations(host, common)}
${plainErrorLocation(common)}
${misdirectedLocation(common)}

${reportLocations(site, common)}
  }`;
}

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
