import path from 'node:path';
import { commonSecurityHeaders } from 'page-server/http/security-headers';
import type { NginxSite } from '../nginx-conf-input';

/** The site the nginx tests write a configuration for: two routes, one remote, two page servers. */
export const site = (prefix: string): NginxSite => ({
  prefix,
  host: {
    port: 18000,
    root: path.join(prefix, 'site/host'),
    remoteOrigins: ['https://home.lender.example', 'https://loans.lender.example'],
    routes: [
      { id: 'index', path: '/' },
      { id: 'recovery', path: '/recovery' },
    ],
    notFoundPage: 'not-found',
    pageServers: [18010, 18011],
    providerPaths: ['/api/', '/media/', '/cms/uploads/'],
    providerUnavailableBody: JSON.stringify({
      detail: 'მიუწვდომელია',
      code: 'provider_unavailable',
    }),
    tooLargeBody: JSON.stringify({ detail: 'დიდია', code: 'request_too_large' }),
  },
  remotes: [{ folder: 'remote-home', port: 18001, root: path.join(prefix, 'site/remote-home') }],
  hostOrigins: ['https://lender.example'],
  listen: '127.0.0.1',
});

/** The headers of every answer over http, named as Node's client reports them (lower case). */
export const commonHeadersAsReceived = () =>
  Object.fromEntries(
    Object.entries(commonSecurityHeaders(false)).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );

/** The server block of the host: everything from its `listen` to the next server block. */
export const hostBlock = (conf: string) =>
  conf.slice(conf.indexOf('listen 127.0.0.1:18000'), conf.indexOf('listen 127.0.0.1:18001'));
