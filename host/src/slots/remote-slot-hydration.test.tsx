import { hashKey, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { createGate } from 'shared/testing/gate';
import { renderToHtml } from '../app/render-to-html';
import type { RemoteModule } from '../federation/remote-modules';
import {
  isReleaseChanged,
  recordLoadedRelease,
  setServerRenderedSlots,
  takeReleaseChanged,
} from '../federation/server-rendered-slots';
import { type LoadRemoteModule, RemoteLoaderContext } from './remote-loader';
import { RemoteSlot } from './remote-slot';
import {
  hydrateIn,
  hydrationTestHooks,
  inDocument,
  loaderOf,
  SLOT_ID,
  SLOT_LABEL,
  slotWith,
} from './testing/server-rendered-slot';

// A slot the server rendered is hydrated by the browser with the release that made its HTML;
// a slot whose remote was deployed between the page and its scripts is rendered afresh, with
// no mismatch for React to report (decision 020).

const ID = SLOT_ID;

const ANSWER = ['answer'];

/** A release's component: its name, and the answer its own code asks the provider for. */
function Release({ name }: { name: string }) {
  // Fresh for good, as a slice's answers are for minutes: nothing but a drop asks again.
  const answer = useQuery({
    queryKey: ANSWER,
    queryFn: async () => `${name}-ის პასუხი`,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <p>{`${name}: ${answer.data ?? '…'}`}</p>;
}

const slice = (name: string): RemoteModule => ({ default: () => <Release name={name} /> });

/** The page's cache as the server leaves it: the answer its release's code asked for. */
function serverCache(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(ANSWER, 'სერვერის პასუხი');
  return client;
}

/** The server's HTML of the slot, rendered with the old release's module. */
function serverHtml(): Promise<string> {
  const Page = slotWith(loaderOf(slice('ძველი')), serverCache());
  return renderToHtml(<Page />, Date.now() + 10_000);
}

/** Renders the page around the slot again (RenderingPage's own state). */
const pageRenders = { again: () => {} };

/** The page around a slot, which renders again once hydrated (its own state, here). */
function RenderingPage({ client, load }: { client: QueryClient; load: LoadRemoteModule }) {
  const [count, setCount] = useState(0);
  pageRenders.again = () => setCount((n) => n + 1);
  return (
    <QueryClientProvider client={client}>
      <RemoteLoaderContext value={load}>
        <main data-renders={count}>
          <RemoteSlot id={ID} label={SLOT_LABEL} />
        </main>
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

/** A slice's part below the fold: a question to open. */
const question: RemoteModule = { default: () => <button type="button">კითხვა</button> };

/** A page whose slot is below the fold on a phone. */
function DeferredPage({ load }: { load: LoadRemoteModule }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <RemoteLoaderContext value={load}>
        <RemoteSlot id={ID} label={SLOT_LABEL} whenNearViewport />
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

async function hydrate(html: string, module: RemoteModule) {
  const container = inDocument(html);
  const recovered: unknown[] = [];
  const Page = slotWith(loaderOf(module), serverCache());
  await hydrateIn(container, <Page />, (error) => recovered.push(error));
  return { container, recovered };
}

const rendered = { release: 'ssr/remote-entry.old.cjs', queries: [hashKey(ANSWER)] };

describe('a server-rendered slot in the browser', () => {
  hydrationTestHooks();

  it('is hydrated by the release that rendered it: its markup and answers are kept', async () => {
    const html = await serverHtml();
    expect(html).toContain('ძველი: სერვერის პასუხი');
    setServerRenderedSlots({ [ID]: rendered });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
    const { recovered, container } = await hydrate(html, slice('ძველი'));
    const before = container.querySelector('p');
    expect(await screen.findByText('ძველი: სერვერის პასუხი')).toBe(before);
    expect(recovered).toEqual([]);
  });

  it('keeps the server’s HTML while its code is on the way, whatever re-renders the page around it', async () => {
    const html = await serverHtml();
    setServerRenderedSlots({ [ID]: rendered });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
    const code = createGate();
    const load = (async () => {
      await code.passed();
      return slice('ძველი');
    }) as unknown as LoadRemoteModule;
    const client = serverCache();
    const container = inDocument(html.replace('<main>', '<main data-renders="0">'));
    const served = container.querySelector('p');
    await hydrateIn(container, <RenderingPage client={client} load={load} />);
    await act(async () => pageRenders.again());
    // The customer still reads the server's figures, not a skeleton.
    expect(container.querySelector('main')?.dataset.renders).toBe('1');
    expect(container.querySelector('p')).toBe(served);
    await act(async () => code.open());
    expect(await screen.findByText('ძველი: სერვერის პასუხი')).toBe(served);
  });

  it('loads a slot below the fold when focus reaches its server HTML before the viewport does', async () => {
    const html = await renderToHtml(
      <DeferredPage load={loaderOf(question)} />,
      Date.now() + 10_000,
    );
    setServerRenderedSlots({ [ID]: { release: 'ssr/remote-entry.old.cjs', queries: [] } });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
    // A viewport that never comes near: only the focus can open the slot.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const asked: string[] = [];
    const load = (async (id: string) => {
      asked.push(id);
      return question;
    }) as unknown as LoadRemoteModule;
    const container = inDocument(html);
    await hydrateIn(container, <DeferredPage load={load} />);
    expect(asked).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'კითხვა' }).focus());
    await vi.waitFor(() => expect(asked).toEqual([ID]));
  });

  it('is rendered afresh by a newer release, which asks for its own answers', async () => {
    const html = await serverHtml();
    setServerRenderedSlots({ [ID]: rendered });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.new.cjs');
    const { recovered } = await hydrate(html, slice('ახალი'));
    // Not the old release's answer under the new release's code: its own.
    expect(await screen.findByText('ახალი: ახალი-ის პასუხი')).toBeInTheDocument();
    expect(screen.queryByText(/სერვერის პასუხი/)).not.toBeInTheDocument();
    expect(recovered).toHaveLength(1);
    expect(isReleaseChanged(recovered[0])).toBe(true);
  });
});

describe('whether a slot was rendered by another release', () => {
  const slot = { release: 'ssr/remote-entry.old.cjs', queries: ['["answer"]'] };

  it('stays the same however often it is asked, and gives the answers to drop once', () => {
    setServerRenderedSlots({ [ID]: slot });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.new.cjs');
    // React may build a slot's loader again before the page's first commit: the second loader
    // must guard the old markup too.
    expect(takeReleaseChanged(ID)).toEqual({ queries: slot.queries });
    expect(takeReleaseChanged(ID)).toEqual({ queries: [] });
  });

  it('is no for the release that rendered it', () => {
    setServerRenderedSlots({ [ID]: slot });
    recordLoadedRelease('remote_home', slot.release);
    expect(takeReleaseChanged(ID)).toBeUndefined();
    expect(takeReleaseChanged(ID)).toBeUndefined();
  });
});
