// @vitest-environment node
import { isOpening } from './page-opening';

const opening = (headers: Record<string, string>) => isOpening({ headers });

const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

describe('isOpening', () => {
  it('takes the browser’s own navigation to a document for the customer opening the page', () => {
    expect(opening(navigation)).toBe(true);
  });

  it('does not take what the browser fetched unasked, or what was not a page in a tab', () => {
    // A prefetch or prerender the browser made on its own.
    expect(opening({ ...navigation, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(opening({ ...navigation, 'sec-purpose': 'prefetch;prerender' })).toBe(false);
    expect(opening({ ...navigation, purpose: 'prefetch' })).toBe(false);
    // A frame, a script's fetch, a request without fetch metadata (left to the page itself).
    expect(opening({ ...navigation, 'sec-fetch-dest': 'iframe' })).toBe(false);
    expect(opening({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).toBe(false);
    expect(opening({})).toBe(false);
  });
});
