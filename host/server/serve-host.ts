import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFromEnv } from 'shared/server/static-server';
import { buildHostApp } from './host-app';

const hostRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = portFromEnv('HOST_PORT', 3000);
const apiUpstream =
  process.env.API_BASE_URL ?? `http://127.0.0.1:${portFromEnv('SANDBOX_PORT', 4000)}`;

const app = await buildHostApp({
  root: path.join(hostRoot, 'dist'),
  apiUpstream,
  env: process.env,
});
await app.listen({ port, host: process.env.LISTEN_HOST ?? '0.0.0.0' });

console.info(`host: http://localhost:${port}`);
if (process.env.API_BASE_URL) {
  console.info(`host: /api/* is proxied to API_BASE_URL=${apiUpstream}`);
} else if (existsSync(path.join(hostRoot, '..', 'sandbox-api', 'package.json'))) {
  console.info(`host: /api/* is proxied to the embedded sandbox API at ${apiUpstream}`);
} else {
  console.warn(
    `host: /api/* is proxied to ${apiUpstream}, but sandbox-api is not in this checkout yet: ` +
      'API calls answer 502 until it lands or API_BASE_URL names a provider.',
  );
}
