import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '../fixtures';
import { REPO_ROOT } from './redeploy-utils';

/** A page server `pnpm start:nginx` runs behind nginx (decision 020). */
export interface PageServer {
  port: number;
  pid: number;
  /** Where its Prometheus metrics are, on loopback (decision 029). */
  metricsPort: number;
}

const PAGE_SERVERS_FILE = path.join(REPO_ROOT, '.nginx/page-servers.json');

/** The page servers running now; none when the product is served by `pnpm start`. */
export const pageServers = (): PageServer[] =>
  existsSync(PAGE_SERVERS_FILE) ? JSON.parse(readFileSync(PAGE_SERVERS_FILE, 'utf8')) : [];

/** Until the page server on this port answers again, as a new process. */
export async function restarted(before: PageServer): Promise<void> {
  await expect
    .poll(async () => {
      const now = pageServers().find((server) => server.port === before.port);
      if (!now || now.pid === before.pid) return 'not started again';
      // Any answer will do: it names itself 127.0.0.1:<port>, not the site, so it answers 421.
      const response = await fetch(`http://127.0.0.1:${before.port}/static`).catch(() => null);
      return response ? 'answering' : 'starting';
    })
    .toBe('answering');
}
