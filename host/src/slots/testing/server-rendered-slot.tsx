import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { RemoteModuleId } from 'release-contract/remotes';
import { expectConsoleError } from 'shared/testing/setup-tests';
import type { RemoteModule } from '../../federation/remote-modules';
import { type LoadRemoteModule, RemoteLoaderContext } from '../remote-loader';
import { RemoteSlot } from '../remote-slot';

/*
 * A slot's server HTML in the document and its hydration in the browser, one process playing
 * both: for the tests of what happens to a server-rendered slot (remote-slot-hydration,
 * early-press-hydration).
 */

export const SLOT_ID: RemoteModuleId = 'remote_home/LoanCalculator';
export const SLOT_LABEL = 'კალკულატორი';

/** A loader that answers every slot with `module` at once. */
export const loaderOf = (module: RemoteModule) =>
  (async () => module) as unknown as LoadRemoteModule;

/** A page of one slot, loaded through `load`, with `client` as its query cache. */
export function slotWith(load: LoadRemoteModule, client: QueryClient): ComponentType {
  return () => (
    <QueryClientProvider client={client}>
      <RemoteLoaderContext value={load}>
        <main>
          <RemoteSlot id={SLOT_ID} label={SLOT_LABEL} />
        </main>
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

/** The server's HTML, put in the document as the browser gets it; its container. */
export function inDocument(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** Hydrated roots, unmounted after each test so React does no work once the DOM is gone. */
const roots: Root[] = [];

/** Hydrates `container` with `page`, as the browser's bootstrap does. */
export async function hydrateIn(
  container: HTMLElement,
  page: ReactNode,
  onRecoverableError?: (error: unknown) => void,
): Promise<void> {
  await act(async () => {
    roots.push(hydrateRoot(container, page, onRecoverableError ? { onRecoverableError } : {}));
  });
}

/** For a test file's describe: the console allowance and the clean-up every such test needs. */
export function hydrationTestHooks(): void {
  beforeEach(() => {
    // One process plays server and browser here; React's development build notices.
    expectConsoleError(/Detected multiple renderers concurrently rendering the same context/);
  });
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });
}
