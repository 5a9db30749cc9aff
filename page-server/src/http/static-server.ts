import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONTENT_HASH, IMMUTABLE, isPublished } from 'release-contract/build-output';
import { canonicalRouting } from './canonical-path.ts';
import { commonSecurityHeaders, contentSecurityPolicy } from './security-headers.ts';

/** A remote's own page: everything from its own origin, nothing from anywhere else. */
export const OWN_ORIGIN_ONLY = { remoteOrigins: [], https: false } as const;

/**
 * How long the server keeps an idle kept-alive connection open (Fastify's default, named so a
 * proxy in front can close its side first: deploy/nginx's upstream `keepalive_timeout` is
 * written shorter from it). A connection the server closes as the proxy reuses it is a 502.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Files the browser must revalidate on every load: they name the current hashed files. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);

export function cacheControlFor(filePath: string): string {
  // A precompressed copy is cached as the file it stands for.
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (ALWAYS_REVALIDATE.has(base)) return 'no-cache';
  if (CONTENT_HASH.test(base)) return IMMUTABLE;
  return 'no-cache';
}

export type { FastifyReply, FastifyRequest } from 'fastify';

/** The server an app's files are served by; its callers add routes and hooks to it. */
export type StaticServer = FastifyInstance;

export interface StaticServerOptions {
  /** The built app folder. */
  root: string;
  /** Origins allowed to read these files cross-origin (remotes: the host's origin). */
  corsOrigins?: readonly string[];
  /** Fastify's logger: off by default; a level for a server whose warnings matter. */
  logger?: boolean | { level: string };
  /** Proxies whose X-Forwarded-For names the client (release-contract/proxies `trustedProxies`). */
  trustedProxies?: readonly string[];
}

/**
 * Node answers a request it cannot parse (a malformed request line, headers or a URL over its
 * 16 KB limit) before any hook runs: this answer carries every answer's headers too.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = `${STATUS_CODES[status]}\n`;
  const headers = {
    ...commonSecurityHeaders('encrypted' in socket && socket.encrypted === true),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * A production static server for one app's dist folder. A missing asset is a plain 404,
 * never index.html: answering a missing chunk with HTML turns a clean ChunkLoadError into a
 * SyntaxError the app cannot recognise.
 */
export async function createStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    throw new Error(`${options.root} has no build: run "pnpm build" first.`);
  }
  // Every route, hook and handler reads the path one way (decision 033): `request.url` is
  // canonical, and a path that climbs or is ambiguously escaped is answered 400 below.
  const routing = canonicalRouting();
  const app = Fastify({
    logger: options.logger ?? false,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    rewriteUrl: routing.rewriteUrl,
    ...(options.trustedProxies?.length ? { trustProxy: [...options.trustedProxies] } : {}),
  });
  const allowed = new Set(options.corsOrigins ?? []);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    // Files are sent brotli- or gzip-compressed by the browser's Accept-Encoding. Every answer
    // of a remote varies by Origin, not only CORS ones: a stylesheet cached from a <link> (no
    // Origin) must not be reused for the federation runtime's CORS preload of it.
    reply.header('Vary', allowed.size > 0 ? 'Origin, Accept-Encoding' : 'Accept-Encoding');
    reply.headers(commonSecurityHeaders(request.protocol === 'https'));
    if (routing.isRefused(request.raw)) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request\n');
    }
    if (origin && allowed.has(origin)) reply.header('Access-Control-Allow-Origin', origin);
    // Source maps and stats stay with the team (the build keeps them): never sent to a browser.
    if (!isPublished(request.url.split('?')[0] ?? '')) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (request.method === 'OPTIONS' && origin) {
      reply
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
    }
  });

  await app.register(fastifyStatic, {
    root: options.root,
    index: ['index.html'],
    wildcard: true,
    // The build writes .br and .gz beside each text file (PrecompressPlugin): no per-request work.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
      // A remote's own page loads only from its own origin (its files, no host, no remotes).
      if (filePath.endsWith('.html')) {
        res.setHeader('Content-Security-Policy', contentSecurityPolicy(OWN_ORIGIN_ONLY));
      }
    },
  });

  return app;
}
