import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import httpProxy from '@fastify/http-proxy';
import { createStaticServer, portFromEnv, sendIndex } from 'shared/server/static-server';
import { ka } from 'shared/strings/ka';
import { isKnownPath } from '../src/app/route-table';
import { RUNTIME_CONFIG_PATH } from '../src/federation/runtime-config';
import { buildRuntimeConfig } from './runtime-config';

const hostRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = portFromEnv('HOST_PORT', 3000);
const sandboxPort = portFromEnv('SANDBOX_PORT', 4000);
const apiUpstream = process.env.API_BASE_URL ?? `http://127.0.0.1:${sandboxPort}`;

// Build the config once at start-up so a malformed env var stops the server here.
buildRuntimeConfig(process.env, { protocol: 'http', hostname: 'localhost' });

const app = await createStaticServer({ root: path.join(hostRoot, 'dist') });

app.get(RUNTIME_CONFIG_PATH, async (request, reply) => {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  reply.header('Cache-Control', 'no-cache');
  return buildRuntimeConfig(process.env, { protocol, hostname: request.hostname });
});

await app.register(httpProxy, {
  upstream: apiUpstream,
  prefix: '/api',
  rewritePrefix: '/api',
  replyOptions: {
    onError: (reply, { error }) => {
      app.log.warn({ err: error }, 'provider API unreachable');
      // The contract's error shape, so the client shows its usual Georgian message.
      reply.code(502).send({ detail: ka.errors.providerUnavailable, code: 'provider_unavailable' });
    },
  },
});

app.setNotFoundHandler((request, reply) => {
  const pathname = request.url.split('?')[0] ?? '/';
  // A missing file is a plain 404: answering it with HTML would hide a failed chunk.
  if (path.extname(pathname) !== '') return reply.code(404).type('text/plain').send('Not found');
  return sendIndex(reply, isKnownPath(pathname) ? 200 : 404);
});

await app.listen({ port, host: process.env.LISTEN_HOST ?? '0.0.0.0' });
console.info(`host: http://localhost:${port}`);
const sandboxPresent = existsSync(path.join(hostRoot, '..', 'sandbox-api', 'package.json'));
if (process.env.API_BASE_URL) {
  console.info(`host: /api/* is proxied to API_BASE_URL=${apiUpstream}`);
} else if (sandboxPresent) {
  console.info(`host: /api/* is proxied to the embedded sandbox API at ${apiUpstream}`);
} else {
  console.warn(
    `host: /api/* is proxied to ${apiUpstream}, but sandbox-api is not in this checkout yet: ` +
      'API calls answer 502 until it lands or API_BASE_URL names a provider.',
  );
}
