import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The header by which the proxy in front proves it is the proxy (release-contract/proxies has the same). */
export const PROXY_SECRET_HEADER = 'x-proxy-secret';

function sameSecret(sent: string, secret: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The client's address, which the per-address limits count. A request that comes through the
 * proxy in front (the host's server or nginx, which replace X-Forwarded-For with the address
 * they saw) and proves it with PROXY_SECRET is the forwarded address; any other request is its
 * peer's. Without PROXY_SECRET no forwarded address is ever believed: on this machine any
 * process could otherwise claim any address.
 */
export function clientAddress(request: FastifyRequest, proxySecret: string | undefined): string {
  const sent = request.headers[PROXY_SECRET_HEADER];
  const forwarded = request.headers['x-forwarded-for'];
  if (proxySecret && typeof sent === 'string' && sameSecret(sent, proxySecret)) {
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last.slice(0, 45);
  }
  return request.socket.remoteAddress ?? 'unknown';
}
