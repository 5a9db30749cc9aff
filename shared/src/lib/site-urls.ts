/*
 * Addresses the provider's content names (CMS links and images), judged by the URL parser the
 * browser itself uses, never by their shape: `/\evil.example/x.png` looks like a path and is
 * another host. Each function answers the parser's own serialisation, so what was checked is
 * exactly what the page uses. The site's origin is unknown on the server, so paths are
 * resolved against a stand-in origin that no real address can have.
 *
 * Which addresses are the provider's is configuration (the runtime configuration's `provider`),
 * never the shape one provider happens to answer with.
 */

const STAND_IN_ORIGIN = 'https://site.invalid';

/** The address as the URL parser reads it; a path is read as one on the stand-in origin. */
function parse(address: string, base?: string): URL | null {
  try {
    return new URL(address.trim(), base);
  } catch {
    return null;
  }
}

/**
 * A path on this site (path, query and fragment), or null when the address leaves the site. It
 * must start at the root: what a relative address means depends on the page it is read on.
 */
export function sitePath(address: string): string | null {
  if (!address.trim().startsWith('/')) return null;
  const url = parse(address, STAND_IN_ORIGIN);
  if (url?.origin !== STAND_IN_ORIGIN) return null;
  // `/.//host/x` is a path of this site whose serialisation, `//host/x`, names another host.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the page finds the provider's files (decision 023), from the runtime configuration:
 * `paths`, the folders of this site its server hands to the provider (`/api/`, `/media/`, any a
 * deployment adds); `origins`, those on which the provider may name a file by an absolute
 * address, which the page then loads from the same path here.
 */
export interface ProviderSite {
  paths: readonly string[];
  origins: readonly string[];
}

/** The contract's folders, for a page whose configuration predates them (and for tests). */
export const DEFAULT_PROVIDER_SITE: ProviderSite = { paths: ['/api/', '/media/'], origins: [] };

/** An origin's host[:port], as the URL parser writes it; null for an origin that is not web. */
function webHostOf(origin: string): string | null {
  const url = parse(origin);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.host : null;
}

let providerSite = DEFAULT_PROVIDER_SITE;
let providerHosts = new Set<string>();

/**
 * Set once a page knows its configuration: by the browser's bootstrap and by each server render
 * from the same runtime configuration, so both judge an address alike.
 */
export function setProviderSite(site: ProviderSite): void {
  providerSite = site;
  providerHosts = new Set(site.origins.map(webHostOf).filter((host) => host !== null));
}

/** The path an address names on the provider: a root path as it is, or one of its origins'. */
function pathOnProvider(address: string): string | null {
  if (address.trim().startsWith('/')) return sitePath(address);
  const url = parse(address);
  // Either scheme: the file is loaded from this site, so only which file it names matters.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (!providerHosts.has(url.host)) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * An image the provider serves, as the path the page loads it from; null for anything else: an
 * address off the provider, or a path of this site the provider does not serve. The page's CSP
 * loads images from this site only, and an image elsewhere would tell a third party who reads
 * the page.
 */
export function providerImagePath(address: string): string | null {
  const path = pathOnProvider(address);
  if (path === null) return null;
  return providerSite.paths.some((folder) => path.startsWith(folder)) ? path : null;
}

const FOLLOWABLE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A link a customer may follow: a page of this site, a web address, an e-mail address or a
 * phone number. Anything else (`javascript:`, `data:`, a bare fragment, nothing) is null, and the
 * text is shown without a link.
 */
export function followableLink(address: string): string | null {
  const trimmed = address.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  const path = sitePath(address);
  if (path !== null) return path;
  const url = parse(address);
  return url !== null && FOLLOWABLE_PROTOCOLS.has(url.protocol) ? url.href : null;
}
