import type { NginxSite } from './nginx-conf-input';
import { trustedScheme } from './nginx-edge';

/*
 * The http block's settings every server inherits: the types files are sent as, compression,
 * redirects, logs and nginx's temporary folders under its prefix.
 */

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

export function httpPreamble(site: NginxSite): string {
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
