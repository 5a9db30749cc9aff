import httpProxy from '@fastify/http-proxy';
import type { StaticServer } from './static-server.ts';

export interface ApiProxyOptions {
  /** The provider's base address (tooling/apps `apiUpstream()`). */
  upstream: string;
  /** Path prefixes forwarded unchanged, e.g. ['/api', '/media']. */
  prefixes: readonly string[];
  /** The JSON body answered with status 502 when the provider cannot be reached. */
  unreachableBody: unknown;
}

/**
 * Forwards each prefix to the provider on the same path. Each proxy gets its own scope: the
 * plugin is registered by name, and a second one in one scope would be dropped.
 */
export async function proxyToProvider(app: StaticServer, options: ApiProxyOptions) {
  for (const prefix of options.prefixes) {
    await app.register(async (scope) => {
      await scope.register(httpProxy, {
        upstream: options.upstream,
        prefix,
        rewritePrefix: prefix,
        replyOptions: {
          onError: (reply, { error }) => {
            app.log.warn({ err: error }, 'provider unreachable');
            reply.code(502).send(options.unreachableBody);
          },
        },
      });
    });
  }
}
