import { test as base } from '../fixtures';
import { startTopology, type Topology } from './topology';

/**
 * The several-machine topology, started once per worker (one worker: it binds the product's
 * ports) and stopped after its last test.
 */
export const test = base.extend<Record<never, never>, { topology: Topology }>({
  topology: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from it.
    async ({}, use) => {
      const topology = await startTopology();
      try {
        await use(topology);
      } finally {
        await topology.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

export { expect } from '../fixtures';
