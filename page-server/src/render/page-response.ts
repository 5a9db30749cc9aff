import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { CSP_REPORT_PATH, originOf, pageSecurityHeaders } from '../http/security-headers';
import type { FastifyReply, FastifyRequest } from '../http/static-server';

/*
 * How the page server answers with a page's document (release-contract/page-document writes
 * it): its security headers and its compression, which are this server's, not the contract's.
 */

/**
 * A page is compressed per request: brotli's default (11) takes tens of milliseconds on a
 * rendered page, 5 a millisecond or two for nearly the same size (files are compressed at 11
 * once, at build time).
 */
const PAGE_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const PAGE_GZIP = { level: 6 };

/**
 * The security headers of the host's page: scripts, styles and manifests from this origin and
 * the origins of the remotes the configuration names, and nothing else (decision 015).
 */
export function pageHeaders(config: RuntimeConfig, https: boolean): Record<string, string> {
  return pageSecurityHeaders({
    remoteOrigins: [...new Set(config.remotes.map((remote) => originOf(remote.manifestUrl)))],
    https,
    reportPath: CSP_REPORT_PATH,
  });
}

/** Sends a rendered page, compressed when the browser accepts it (it varies per request). */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string,
  headers: Record<string, string> = {},
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .headers(headers)
    .header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, PAGE_BROTLI));
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'gzip').send(gzipSync(html, PAGE_GZIP));
  }
  return reply.send(html);
}
