import * as router from 'shared/navigation/router';

// A host released before shared 0.1.11 lends the router's module without these parts, and a
// slice ships before the host that has them (decision 019): they are read as perhaps missing.
const lent: Partial<typeof router> = router;

/**
 * Whether this render is inside a router that has the parts answering an address needs: the
 * host's page (or the slice's own), not a test's bare render, nor a host released before them.
 * Where it is not, links into the page go unanswered and nothing else changes.
 */
export function useInRouter(): boolean {
  const inRouterContext = lent.useInRouterContext;
  // The same module for the page's whole life, so a render calls the same hooks every time.
  return inRouterContext !== undefined && lent.useSearchParams !== undefined && inRouterContext();
}
