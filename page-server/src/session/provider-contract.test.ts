// @vitest-environment node
import { type ProviderRead, readMismatches, unpairedCalls } from 'shared/testing/provider-contract';
import { tokenPairSchema } from './provider-calls';

/**
 * What the session reads of the provider itself (decision 027), against the provider's document
 * (docs/provider-api.openapi.json). The reads it passes on to a page are the slices' to pair.
 */
const READS: ProviderRead[] = [
  { operation: 'POST /api/user/api/token/', schema: tokenPairSchema },
  { operation: 'POST /api/user/token/refresh/', schema: tokenPairSchema },
  { operation: 'POST /api/user/logout/', schema: null },
];

describe("the session's answer schemas against the provider's document", () => {
  it.each(READS)('$operation', (read) => {
    expect(readMismatches(read)).toEqual([]);
  });

  it('pairs every provider call the session makes with its schema', () => {
    expect(unpairedCalls(import.meta.dirname, READS)).toEqual([]);
  });
});
