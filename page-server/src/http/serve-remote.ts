import path from 'node:path';
import { portOf, type RemoteApp, remoteApp } from 'release-contract/apps';
import { hostOrigins } from 'release-contract/origins';
import { listenHost } from 'release-contract/proxies';
import { createStaticServer } from './static-server.ts';

/**
 * Serves one remote's production build on its own origin, readable by the host's origin.
 * Built with the remote (`build:server`, bundle-server.ts); run from its folder:
 * node dist-server/serve-remote.mjs <folder>
 */
const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: serve-remote <remote folder, e.g. remote-home>');
  process.exit(2);
}
const app = remoteApp(folder as RemoteApp['folder']);
const port = portOf(app);
const corsOrigins = hostOrigins();
const server = await createStaticServer({ root: path.resolve('dist'), corsOrigins });
server.setNotFoundHandler((_request, reply) =>
  reply.code(404).type('text/plain').send('Not found'),
);
await server.listen({ port, host: listenHost() });
console.info(
  `${folder}: http://localhost:${port}/mf-manifest.json (CORS for ${corsOrigins.join(', ')})`,
);
