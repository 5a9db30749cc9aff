/*
 * The bank's payment page (contract v1.3): a payment order's `redirect_url` is another origin's
 * address, and the page sends the customer there. Which origins are the bank's is the page
 * server's configuration (PAYMENT_PAGE_ORIGINS, written into the runtime configuration), never
 * what a provider's answer happens to say: an address on any other origin is not followed.
 * A module of its own in `shared` so the host sets the list once (in the browser and in each
 * server render) and a slice reads the same instance.
 */

let bankOrigins: ReadonlySet<string> = new Set();

/** The origin an address names, as the URL parser writes it; null when it is not an http(s) origin. */
function webOriginOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Set once a page knows its configuration: by the browser's bootstrap and by each server render. */
export function setPaymentPageOrigins(origins: readonly string[]): void {
  bankOrigins = new Set(origins.map(webOriginOf).filter((origin) => origin !== null));
}

/**
 * The bank's page to send the customer to, as the URL parser serialises it; null for anything
 * else: a relative address, another scheme, credentials in the address, or an origin the
 * configuration does not list as the bank's.
 */
export function paymentPageAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  let url: URL;
  try {
    // No base: only an absolute address parses.
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return bankOrigins.has(url.origin) ? url.href : null;
}
