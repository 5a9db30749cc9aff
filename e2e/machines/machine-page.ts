import { get } from 'node:http';
import { HOST_APP, portOf } from 'release-contract/apps';
import { PAGE_SERVER_PORT } from './topology';

/**
 * The home page as one machine's page server renders it, asked directly (not through the
 * balancer), under the site's own name — a page server answers no other (decision 024); fetch
 * cannot set Host. Empty when it does not answer 200.
 */
export function homeFrom(address: string, cookie?: string): Promise<string> {
  return new Promise((resolve) => {
    const request = get(
      {
        host: address,
        port: PAGE_SERVER_PORT,
        path: '/',
        headers: { host: `localhost:${portOf(HOST_APP)}`, ...(cookie ? { cookie } : {}) },
        timeout: 10_000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve(response.statusCode === 200 ? body : ''));
      },
    );
    request.on('error', () => resolve(''));
    request.on('timeout', () => request.destroy());
  });
}
