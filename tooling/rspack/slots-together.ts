import type { OptimizationSplitChunksCacheGroup } from '@rspack/core';
import { PAGE_SLOTS } from 'release-contract/page-slots';

/** The chunk federation makes of an exposed module (`./NextPayment`'s). */
export const exposeChunkName = (expose: string) => `__federation_expose_${expose}`;

/** A group of one slice's slots that a page always shows at once, and the chunk they share. */
export interface SlotsTogether {
  chunk: string;
  exposes: readonly string[];
}

/**
 * The slots of the remote named `remote` (its federation name) that a page shows at once,
 * whatever the customer's state: those without a condition (`when`) or a wait for the
 * viewport, two or more to a page and audience. What they load, they always load together.
 * Read from the slot table when the slice builds: a slice built before the table changed
 * groups as it was, which costs bytes, never correctness.
 */
export function slotsShownTogether(remote: string): SlotsTogether[] {
  const groups: SlotsTogether[] = [];
  for (const [page, audiences] of Object.entries(PAGE_SLOTS)) {
    for (const [audience, slots] of Object.entries(audiences)) {
      const exposes = slots
        .filter((slot) => !slot.when && !slot.whenNearViewport)
        .map((slot) => slot.id.split('/'))
        .filter(([name]) => name === remote)
        .map(([, expose = '']) => expose);
      if (exposes.length > 1) groups.push({ chunk: `together-${page}-${audience}`, exposes });
    }
  }
  return groups;
}

/**
 * Left to the defaults, a module two of a page's slots both use went into a chunk of its own
 * only past 20 KB, and otherwise into each slot's chunk: the loans slice's three slots on a
 * customer's home page carried the pay link's answer twice and the repayment form's opener
 * twice, about 2 KB gzip of a customer's first load. Here, the modules `test` takes (the
 * slice's own scripts, fallback-chunks.ts) that two slots shown together both use are one
 * chunk, which every one of those slots loads anyway.
 */
export function slotsTogetherGroups(
  remote: string,
  test: OptimizationSplitChunksCacheGroup['test'],
): Record<string, OptimizationSplitChunksCacheGroup> {
  return Object.fromEntries(
    slotsShownTogether(remote).map(({ chunk, exposes }) => {
      const chunks = new Set(exposes.map(exposeChunkName));
      return [
        chunk,
        {
          test,
          name: chunk,
          chunks: (candidate: { name?: string | null }) => chunks.has(candidate.name ?? ''),
          minChunks: 2,
          minSize: 0,
          enforce: true,
          priority: 15,
        },
      ];
    }),
  );
}
