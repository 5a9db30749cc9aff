/* How the servers meet the network: where they listen, and which proxies in front they believe. */
import type { Env } from './apps.ts';

/**
 * The address the servers listen on: loopback unless LISTEN_HOST says otherwise (the embedded
 * sandbox behind them is a development provider whose signing key is published). Fastify's
 * `localhost` listens on every loopback address, IPv4 and IPv6.
 */
export function listenHost(env: Env = process.env): string {
  return env.LISTEN_HOST?.trim() || 'localhost';
}

/**
 * The proxies in front of the host (a TLS terminator, a load balancer) whose
 * `X-Forwarded-For` names the client: addresses or CIDRs, comma-separated in TRUSTED_PROXIES.
 * None by default: the peer is the client.
 */
export function trustedProxies(env: Env = process.env): string[] {
  return (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The header by which the host's proxy proves to the embedded sandbox that it is the proxy, so
 * the sandbox takes the client's address from its `X-Forwarded-For` (sandbox-api README). Its
 * value is PROXY_SECRET, which `pnpm serve` and `pnpm start:nginx` make up per start.
 */
export const PROXY_SECRET_HEADER = 'X-Proxy-Secret';
