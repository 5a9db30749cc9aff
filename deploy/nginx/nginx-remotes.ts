import path from 'node:path';
import { contentSecurityPolicy } from 'page-server/http/security-headers';
import { OWN_ORIGIN_ONLY } from 'page-server/http/static-server';
import { CONTENT_HASH, IMMUTABLE, UNPUBLISHED } from 'release-contract/build-output';
import { remotePathOnSite } from '../deploy-paths';
import { refusePath } from './nginx-edge';
import { plainErrorLocation, plainErrors } from './nginx-errors';
import { addHeaders, quoted, regex, schemeDependent } from './nginx-syntax';

/*
 * Where nginx serves each remote's releases: its own server block on its own port (its origin,
 * with its own page), and its folder under the host's origin (decision 031, "One origin").
 */

/** A remote's server block as the configuration describes it (nginx-conf-input's `NginxSite`). */
export interface RemoteServer {
  folder: string;
  port: number;
  /** The remote's site folder: one folder per release under releases/. */
  root: string;
}

/**
 * Sent with every file of a remote served under the site's origin. A script or a stylesheet
 * ignores it; a document opened from there (an SVG, say) runs in a sandbox of no origin, not
 * as the site, whatever a release holds.
 */
export const REMOTE_FILE_CSP = "default-src 'none'; sandbox";

/**
 * A remote's releases under the host's own origin (decision 031, "One origin"), from the same
 * folder its own server serves: a page's first screen then needs no connection to another
 * origin (its slices' stylesheets block the first paint), and each team still deploys to its
 * folder alone. Only what a release is loaded by: never a page (a slice's own HTML would run as
 * the site, with its cookies), a source map or federation's stats.
 */
export function remoteOnSite(
  remote: RemoteServer,
  site: [string, string][],
  releaseOrigin?: string,
): string {
  const common: [string, string][] = [
    ...site,
    ['Content-Security-Policy', quoted(REMOTE_FILE_CSP)],
  ];
  const prefix = remotePathOnSite(remote.folder);
  if (path.basename(remote.root) !== remote.folder) {
    throw new Error(`${remote.root}: a remote's site folder is named for it (${remote.folder})`);
  }
  const headers = (cache: string): [string, string][] => [
    ...common,
    ['Cache-Control', quoted(cache)],
  ];
  const files = (
    cache: string,
  ) => `${releaseOrigin ? fromOrigin(releaseOrigin, headers(cache)) : '        try_files $uri =404;'}
${addHeaders(headers(cache), '        ')}`;
  return `    location ^~ ${prefix} {
      root ${path.dirname(remote.root)};
      location ~ ${regex(new RegExp(`${UNPUBLISHED.source}|(\\.html?|/)$`))} {
        types { }
        default_type text/plain;
${addHeaders(common, '        ')}
        return 404 "Not found\\n";
      }
      location ~ ${regex(CONTENT_HASH)} {
${files(IMMUTABLE)}
      }
      # A release is uploaded once and never changed (issue 48): all of it is kept for a year.
      location ${prefix}releases/ {
${files(IMMUTABLE)}
      }
      location ${prefix} {
${files('no-cache')}
      }
    }`;
}

/**
 * A release's file from the release origin, as a CDN fetches it: the same path there, and the
 * site's own headers in place of the origin's. Not cached here: an origin that is down fails a
 * slot's files, and the browser shows its fallback (decision 031).
 */
function fromOrigin(origin: string, headers: [string, string][]): string {
  return `        proxy_pass ${origin};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_connect_timeout 1s;
${headers.map(([name]) => `        proxy_hide_header ${name};`).join('\n')}`;
}

/** A remote's own server block: its port, its own page, CORS for the host's origins. */
export function remoteServer(
  remote: RemoteServer,
  common: [string, string][],
  listen: string,
): string {
  const ownPage = schemeDependent(
    `${remote.folder.replace(/-/g, '_')}_page`,
    { 'Content-Security-Policy': contentSecurityPolicy(OWN_ORIGIN_ONLY) },
    { 'Content-Security-Policy': contentSecurityPolicy({ ...OWN_ORIGIN_ONLY, https: true }) },
  );
  // Every answer varies by Origin, not only CORS ones: a stylesheet cached from a <link> (no
  // Origin) must not be reused for the federation runtime's CORS request of it.
  const cors: [string, string][] = [
    ['Access-Control-Allow-Origin', '$cors_origin'],
    ['Vary', quoted('Origin')],
  ];
  const base = [...common, ...cors];
  const methods: [string, string][] = [
    ['Access-Control-Allow-Methods', quoted('GET, HEAD, OPTIONS')],
    ['Access-Control-Max-Age', '600'],
  ];
  const preflight = `      # A CORS preflight learns what it may do, and for how long.
      if ($request_method = OPTIONS) {
        return 204;
      }`;
  const location = (
    match: string,
    cache: string,
    extra: [string, string][] = [],
    files = '$uri',
  ) => `    location ${match} {
${preflight}
      try_files ${files} =404;
${addHeaders([...base, ...methods, ...extra, ['Cache-Control', quoted(cache)]], '      ')}
    }`;
  return `${ownPage.maps.join('\n')}

  server {
    listen ${listen};
    server_name _;
    root ${remote.root};
    default_type text/plain;
    error_page 404 = @missing;
${plainErrors('    ', [404])}
${addHeaders(base, '    ')}
${refusePath('    ')}

    location ~ ${regex(UNPUBLISHED)} {
      return 404 "Not found\\n";
    }
${location(`~ ${regex(CONTENT_HASH)}`, IMMUTABLE)}
${location(`~ ${regex(/(\.html|\/)$/)}`, 'no-cache', ownPage.headers, '$uri $uri/index.html')}
${location('/releases/', IMMUTABLE)}
${location('/', 'no-cache')}
    location @missing {
      types { }
${addHeaders(base, '      ')}
      return 404 "Not found\\n";
    }
${plainErrorLocation(base)}
  }`;
}
