import path from 'node:path';
import { createStaticServer, hostOriginsFromEnv, portFromEnv } from './static-server';

/**
 * Serves one remote's production build on its own origin, readable by the host's origin.
 * Usage: tsx serve-remote.ts <dist folder> <PORT_ENV_NAME> <default port> <label>
 */
const [distArg, portEnv, defaultPort, label] = process.argv.slice(2);
if (!distArg || !portEnv || !defaultPort || !label) {
  console.error('usage: serve-remote <dist> <PORT_ENV> <default port> <label>');
  process.exit(2);
}
const port = portFromEnv(portEnv, Number(defaultPort));
const corsOrigins = hostOriginsFromEnv();
const app = await createStaticServer({ root: path.resolve(distArg), corsOrigins });
app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain').send('Not found'));
await app.listen({ port, host: process.env.LISTEN_HOST ?? '0.0.0.0' });
console.info(
  `${label}: http://localhost:${port}/mf-manifest.json (CORS for ${corsOrigins.join(', ')})`,
);
