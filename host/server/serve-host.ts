import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiUpstream, HOST_APP, listenHost, portOf } from 'tooling/apps';
import { buildHostApp } from './host-app';

const hostRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = portOf(HOST_APP);
const upstream = apiUpstream();

const app = await buildHostApp({
  root: path.join(hostRoot, 'dist'),
  renderBundle: path.join(hostRoot, 'dist-ssr/render-page.cjs'),
  apiUpstream: upstream,
  env: process.env,
  // Warnings only: CSP violation reports, an unreachable provider.
  logger: { level: process.env.HOST_LOG_LEVEL ?? 'warn' },
});
await app.listen({ port, host: listenHost() });

console.info(`host: http://localhost:${port}`);
console.info(
  process.env.API_BASE_URL
    ? `host: /api/* is proxied to API_BASE_URL=${upstream}`
    : `host: /api/* is proxied to the embedded sandbox API at ${upstream}`,
);
