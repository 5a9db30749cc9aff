/**
 * `return_url` of a payment order (contract v1.3): an absolute address on one of the client's
 * own origins, where the bank sends the customer back with `order=<id>` added.
 */

/** True when `raw` is an absolute http(s) address, without credentials, on one of `origins`. */
export function isClientAddress(raw: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    origins.includes(url.origin)
  );
}

export const RETURN_URL_MESSAGE =
  'დაბრუნების მისამართი უნდა იყოს ამ საიტის სრული მისამართი (მაგ. http://localhost:3000/...).';

/** The address with `order=<id>` in its query, its other parameters kept. */
export function returnAddress(raw: string, orderId: number): string {
  const url = new URL(raw);
  url.searchParams.set('order', String(orderId));
  return url.toString();
}
