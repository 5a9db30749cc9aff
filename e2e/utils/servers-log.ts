import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the suite's own servers write what they print (playwright.config's web server). */
export const SERVERS_LOG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../.e2e-tmp/servers.log',
);
