/**
 * When the server answered with this page (ms since the epoch): the session clocks it sent count
 * from then. How long ago, on the page's monotonic clock, taken from the wall clock's now; a
 * page without navigation timing says now.
 */
export function pageAnsweredAt(
  timing: Pick<Performance, 'now' | 'getEntriesByType'> = performance,
): number {
  const [navigation] = timing.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const ago =
    navigation && navigation.responseStart > 0 ? timing.now() - navigation.responseStart : 0;
  return Date.now() - Math.max(0, ago);
}
