import httpProxy from '@fastify/http-proxy';
import { PROXY_SECRET_HEADER } from '../apps.ts';
import type { StaticServer } from './static-server.ts';

export interface ApiProxyOptions {
  /** The provider's base address (tooling/apps `apiUpstream()`). */
  upstream: string;
  /** Path prefixes forwarded unchanged, e.g. ['/api', '/media']. */
  prefixes: readonly string[];
  /** The JSON body answered with status 502 when the provider cannot be reached. */
  unreachableBody: unknown;
  /** The JSON body answered with status 413 to a request body over PROXY_BODY_LIMIT. */
  tooLargeBody: unknown;
  /** Milliseconds the provider may take (PROVIDER_TIMEOUTS unless a test needs them short). */
  timeouts?: ProviderTimeouts;
  /** Sent as PROXY_SECRET_HEADER: the embedded sandbox then trusts the X-Forwarded-For. */
  proxySecret?: string;
}

export interface ProviderTimeouts {
  connect: number;
  headers: number;
  body: number;
}

/**
 * The largest request body passed on: the photo upload, three files of 5 MiB at most, with the
 * form's own bytes. The provider enforces its limits too; this keeps a bigger body from tying
 * up the proxy and the provider's connection while it arrives.
 */
export const PROXY_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * How long the provider may take. An upload on a slow phone link takes a while to arrive, so
 * the waits are generous; a provider that takes longer is as good as down (502, the
 * contract's shape), and the slot that asked says so.
 */
export const PROVIDER_TIMEOUTS: ProviderTimeouts = {
  connect: 5_000,
  headers: 60_000,
  body: 60_000,
};

/**
 * Forwards each prefix to the provider on the same path. Each proxy gets its own scope: the
 * plugin is registered by name, and a second one in one scope would be dropped. The provider
 * learns who asked: `X-Forwarded-For` (the client's address as this server sees it, which is
 * what the provider's per-address login limit counts), `-Proto` and `-Host`; whatever the
 * client sent under those names is replaced, never passed on, and a secret header a client
 * sends is dropped: only this proxy may vouch for the address (proxySecret).
 */
export async function proxyToProvider(app: StaticServer, options: ApiProxyOptions) {
  const timeouts = options.timeouts ?? PROVIDER_TIMEOUTS;
  const secretHeader = PROXY_SECRET_HEADER.toLowerCase();
  for (const prefix of options.prefixes) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > PROXY_BODY_LIMIT) {
          reply.header('Connection', 'close');
          return reply.code(413).send(options.tooLargeBody);
        }
      });
      await scope.register(httpProxy, {
        upstream: options.upstream,
        prefix,
        rewritePrefix: prefix,
        undici: {
          connect: { timeout: timeouts.connect },
          headersTimeout: timeouts.headers,
          bodyTimeout: timeouts.body,
        },
        replyOptions: {
          rewriteRequestHeaders: (request, headers) => {
            const { forwarded: _forwarded, [secretHeader]: _claimed, ...rest } = headers;
            return {
              ...rest,
              'x-forwarded-for': request.ip,
              'x-forwarded-proto': request.protocol,
              'x-forwarded-host': request.host,
              ...(options.proxySecret ? { [secretHeader]: options.proxySecret } : {}),
            };
          },
          onError: (reply, { error }) => {
            app.log.warn({ err: error }, 'provider unreachable');
            reply.code(502).send(options.unreachableBody);
          },
        },
      });
    });
  }
}
