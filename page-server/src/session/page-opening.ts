import type { FastifyRequest } from '../http/static-server';

/**
 * Whether a page request is the customer opening the page: the browser's own navigation to a
 * document (Fetch Metadata), not a prefetch or a prerender the browser made unasked.
 */
export function isOpening(request: Pick<FastifyRequest, 'headers'>): boolean {
  const { headers } = request;
  return (
    headers['sec-fetch-mode'] === 'navigate' &&
    headers['sec-fetch-dest'] === 'document' &&
    headers['sec-purpose'] === undefined &&
    headers.purpose === undefined
  );
}
