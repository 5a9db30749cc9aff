import { isIP } from 'node:net';
import type { RemoteName } from 'release-contract/remotes';

/*
 * Where a slice's render service is (issue 56, decision 041): in a cluster each slice's server
 * code runs in pods of its own, and the page server asks them over the network instead of
 * starting that slice's render workers itself. Unset, a slice's workers are the page server's
 * own child processes, as on one machine.
 */

/** The port a render service listens on unless RENDER_SERVICE_PORT says. */
export const RENDER_SERVICE_DEFAULT_PORT = 7310;

export interface RenderServiceAddress {
  host: string;
  port: number;
}

/** `host:port` (a name, an IPv4 address, or `[IPv6]`), or an error naming the variable. */
export function parseServiceAddress(variable: string, raw: string): RenderServiceAddress {
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(raw.trim());
  const port = Number(match?.[2]);
  const host = match?.[1]?.replace(/^\[(.*)\]$/, '$1');
  if (!host || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${variable} must be host:port, got "${raw}"`);
  }
  if (match?.[1]?.startsWith('[') && isIP(host) !== 6) {
    throw new Error(`${variable} must be host:port, got "${raw}"`);
  }
  return { host, port };
}

/**
 * The render service of each slice that has one (RENDER_SERVICE_REMOTE_HOME, …_ACCOUNT,
 * …_LOANS), by remote name. A value that is no address stops the page server at its start:
 * a typo must not quietly run a slice's code in the page server's pods.
 */
export function renderServiceAddresses(
  env: Record<string, string | undefined>,
): ReadonlyMap<string, RenderServiceAddress> {
  const configured: Record<RemoteName, string | undefined> = {
    remote_home: env.RENDER_SERVICE_REMOTE_HOME,
    remote_account: env.RENDER_SERVICE_REMOTE_ACCOUNT,
    remote_loans: env.RENDER_SERVICE_REMOTE_LOANS,
  };
  const addresses = new Map<string, RenderServiceAddress>();
  for (const [remote, raw] of Object.entries(configured)) {
    if (!raw?.trim()) continue;
    addresses.set(remote, parseServiceAddress(`RENDER_SERVICE_${remote.toUpperCase()}`, raw));
  }
  return addresses;
}
