import { describe, expect, it } from 'vitest';
import { cruiseWorkspace } from './import-graph.ts';
import { PRODUCT_PATHS } from './product-paths.ts';
import { tracePath } from './trace-paths.ts';

// The paths as written still fit today's code, and none turns back (issue 57): a renamed file
// or a moved import breaks a leg here, not a newcomer's afternoon.
describe('the paths a newcomer follows first', () => {
  const graph = cruiseWorkspace();

  it.each(PRODUCT_PATHS.map((path) => [path.name, path] as const))(
    '%s: connected, one way',
    (_name, path) => {
      const traced = tracePath(graph, path);
      expect(traced.unreached).toEqual([]);
      expect(traced.turnBacks).toEqual([]);
    },
  );
});
