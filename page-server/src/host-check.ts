/*
 * The names this host answers to (issue 28). A page is rendered, its configuration answered and
 * its API proxied only for a request that names one of the host's configured origins: a request
 * naming another (DNS rebinding from a page a developer opens, a stranger on the network) is
 * answered 421 before anything is read, rendered or fetched for it.
 */

/** The Host header values an origin is reached by: its host, and with its default port too. */
function hostsOf(origin: string): string[] {
  const url = new URL(origin);
  if (url.port !== '') return [url.host];
  return [url.host, `${url.host}:${url.protocol === 'https:' ? 443 : 80}`];
}

/** Every Host header value the configured origins may arrive with, lower-cased. */
export function allowedHosts(origins: readonly string[]): ReadonlySet<string> {
  return new Set(origins.flatMap(hostsOf).map((host) => host.toLowerCase()));
}

/** Whether a request's host (as the server read it, a trusted proxy's included) is one of them. */
export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  return host !== undefined && allowed.has(host.trim().toLowerCase());
}
