/*
 * Addresses the provider's content names (CMS links and images), judged by the URL parser the
 * browser itself uses, never by their shape: `/\evil.example/x.png` looks like a path and is
 * another host. Each function answers the parser's own serialisation, so what was checked is
 * exactly what the page uses. The site's origin is unknown on the server, so paths are
 * resolved against a stand-in origin that no real address can have.
 */

const STAND_IN_ORIGIN = 'https://site.invalid';

/** Where the page's server proxies the provider's files (decision 015): its images live here. */
const PROVIDER_MEDIA = '/media/';

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
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An image the provider serves, as the path the page loads it from; null for anything else (an
 * image elsewhere would break the page's CSP and tell a third party who reads the page).
 */
export function providerImagePath(address: string): string | null {
  const path = sitePath(address);
  return path?.startsWith(PROVIDER_MEDIA) ? path : null;
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
