/*
 * Where the site and its provider are (decision 023): the provider the servers proxy to, the
 * site's folders it serves, and the origins the host, the provider and the bank are at. Read
 * from a server's environment, never from a request.
 */
import { type Env, HOST_APP, portOf, SANDBOX_APP } from './apps.ts';

/** The provider the servers proxy /api to: API_BASE_URL, else the embedded sandbox. */
export function apiUpstream(env: Env = process.env): string {
  return env.API_BASE_URL ?? `http://127.0.0.1:${portOf(SANDBOX_APP, env)}`;
}

/**
 * Where the host's site hands requests to the provider (decision 023), as path prefixes on the
 * host's origin: the contract's API and Django's media folder always, and the folders in
 * PROVIDER_MEDIA_PATHS (comma-separated, each like `/files/` or `/cms/uploads/`) for a provider
 * that serves its files elsewhere. The host's proxy, nginx and the page's image check all read
 * this one list, so an image the page accepts is one the site serves.
 */
export const DEFAULT_PROVIDER_PATHS: readonly string[] = ['/api/', '/media/'];

/** One or more plain segments between slashes: nothing the URL parser would rewrite. */
const FOLDER_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/$/;

export function providerPaths(env: Env = process.env): string[] {
  const added = (env.PROVIDER_MEDIA_PATHS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const prefix of added) {
    if (!FOLDER_PATH.test(prefix)) {
      throw new Error(`PROVIDER_MEDIA_PATHS: "${prefix}" is not a folder path such as /files/`);
    }
  }
  return [...new Set([...DEFAULT_PROVIDER_PATHS, ...added])];
}

/** An origin as the URL parser writes it, or an error naming the variable it came from. */
function originOf(address: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`${variable}: "${address}" is not an address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${variable}: "${address}" is not an http(s) address`);
  }
  return url.origin;
}

/** A comma-separated list of origins from a variable, parsed and written as origins. */
function originsFrom(env: Env, variable: string): string[] {
  return (env[variable] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => originOf(entry, variable));
}

/**
 * The origins the host's page is served from: HOST_ORIGINS, else the host's port on localhost
 * and 127.0.0.1 (what `pnpm start` serves). Remotes answer CORS for these.
 */
export function hostOrigins(env: Env = process.env): string[] {
  const listed = originsFrom(env, 'HOST_ORIGINS');
  if (listed.length > 0) return listed;
  const port = portOf(HOST_APP, env);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * The origins on which the provider may name its files by an absolute address: its own (the
 * proxy's upstream, and PROVIDER_ORIGINS when it names itself by a public address the proxy does
 * not use) and the host's, which a provider behind the proxy names when it builds addresses
 * from X-Forwarded-Host (Django's USE_X_FORWARDED_HOST). Such an address is loaded from the same
 * path on the host's site, through the proxy.
 */
export function providerOrigins(env: Env = process.env): string[] {
  const origins = [
    originOf(apiUpstream(env), 'API_BASE_URL'),
    ...originsFrom(env, 'PROVIDER_ORIGINS'),
    ...hostOrigins(env),
  ];
  return [...new Set(origins)];
}

/** The sandbox's bank (its BANK_PORT's default), another site than the host's. */
export const DEFAULT_PAYMENT_PAGE_ORIGINS: readonly string[] = ['http://127.0.0.1:4100'];

/**
 * The origins of the bank's payment page (contract v1.3), where the page may send a customer to
 * pay: PAYMENT_PAGE_ORIGINS, else the sandbox's bank. A payment order's `redirect_url` on any
 * other origin is not followed.
 */
export function paymentPageOrigins(env: Env = process.env): string[] {
  const listed = originsFrom(env, 'PAYMENT_PAGE_ORIGINS');
  return listed.length > 0 ? [...new Set(listed)] : [...DEFAULT_PAYMENT_PAGE_ORIGINS];
}
