import type { Audience, PageState } from 'release-contract/page-state';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { Dehydrated, RenderedShell, SlotResult } from './render-protocol';
import { slotTokenPrefix } from './render-protocol';

/*
 * A page put together by the page server (decision 032): the page around the slots from the
 * host's worker, each slot's markup from its slice's worker in its marked place, and the state
 * the browser hydrates with. A slice's part is taken only where it belongs: its markup in its own
 * slots' places, its answers where no part before it gave the same one, its style sheets only
 * from its own release.
 */

/** A slot the page server has whole: its slice's markup and answers. */
export interface ReadySlot extends SlotResult {
  slot: RemoteModuleId;
  html: string;
  release: string;
}

export interface ComposedPage {
  html: string;
  state: PageState;
  styles: string[];
}

/** A dehydrated query as far as the page server reads it: its hash, which says what it answers. */
function hashOf(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const hash = (query as { queryHash?: unknown }).queryHash;
  return typeof hash === 'string' && hash.length <= 500 ? hash : undefined;
}

/** Each ready slot's markup in its token's place in the shell (tokens once, in one pass). */
export function stitch(shell: string, nonce: string, ready: readonly ReadySlot[]): string {
  // The nonce is the page server's own (hex): nothing in it is read as a pattern.
  const token = new RegExp(`${slotTokenPrefix(nonce)}(\\d+)`, 'g');
  return shell.replace(token, (_match, index: string) => ready[Number(index)]?.html ?? '');
}

/** Whether a style sheet's address lies under the release folder its manifest names. */
export function underRelease(href: string, manifestUrl: string): boolean {
  try {
    const folder = new URL('.', manifestUrl);
    const sheet = new URL(href);
    return sheet.origin === folder.origin && sheet.pathname.startsWith(folder.pathname);
  } catch {
    return false;
  }
}

export function composePage(input: {
  audience: Audience;
  shell: RenderedShell;
  nonce: string;
  account: Dehydrated | null;
  /** The slots the shell was told are ready, in the order it was told them. */
  ready: readonly ReadySlot[];
  /** Each slice's manifest address (its release folder's): where its style sheets may be. */
  manifestOf: (slot: RemoteModuleId) => string | undefined;
}): ComposedPage {
  const queries: unknown[] = [];
  const seen = new Set<string>();
  const take = (candidates: readonly unknown[]) => {
    const taken: string[] = [];
    for (const query of candidates) {
      const hash = hashOf(query);
      if (hash === undefined) continue;
      taken.push(hash);
      if (seen.has(hash)) continue;
      seen.add(hash);
      queries.push(query);
    }
    return taken;
  };
  const accountHashes = new Set(take(input.account?.queries ?? []));
  const slots: PageState['slots'] = {};
  const styles = new Set<string>();
  for (const slot of input.ready) {
    // The account is the page's: a slice answers only for its own.
    const own = (slot.queries?.queries ?? []).filter((query) => {
      const hash = hashOf(query);
      return hash !== undefined && !accountHashes.has(hash);
    });
    slots[slot.slot] = { release: slot.release, queries: take(own) };
    const manifest = input.manifestOf(slot.slot);
    for (const sheet of slot.styles ?? []) {
      if (manifest && underRelease(sheet, manifest)) styles.add(sheet);
    }
  }
  return {
    html: stitch(input.shell.html, input.nonce, input.ready),
    state: {
      audience: input.audience,
      queries: { queries, mutations: [] } as unknown as PageState['queries'],
      router: input.shell.router,
      slots,
    },
    styles: [...styles],
  };
}
