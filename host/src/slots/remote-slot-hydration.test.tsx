import { hashKey, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createGate } from 'shared/testing/gate';
import { expectConsoleError } from 'shared/testing/setup-tests';
import type { RemoteModuleId } from 'tooling/remotes';
import { renderToHtml } from '../../server/render/render-to-html';
import type { RemoteModule } from '../federation/remote-modules';
import {
  isReleaseChanged,
  recordLoadedRelease,
  setServerRenderedSlots,
  takeReleaseChanged,
} from '../federation/server-rendered-slots';
import { rootListens, watchEarlyPresses } from './early-press';
import { type LoadRemoteModule, RemoteLoaderContext } from './remote-loader';
import { RemoteSlot } from './remote-slot';
import { PressAgainOnceHydrated } from './use-early-press';

// A slot the server rendered is hydrated by the browser with the release that made its HTML;
// a slot whose remote was deployed between the page and its scripts is rendered afresh, with
// no mismatch for React to report (decision 020).

const ID: RemoteModuleId = 'remote_home/LoanCalculator';
const label = 'კალკულატორი';

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
const loaderOf = (module: RemoteModule) => (async () => module) as unknown as LoadRemoteModule;

/** The page's cache as the server leaves it: the answer its release's code asked for. */
function serverCache(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(ANSWER, 'სერვერის პასუხი');
  return client;
}

function slotWith(load: LoadRemoteModule, client: QueryClient): ComponentType {
  return () => (
    <QueryClientProvider client={client}>
      <RemoteLoaderContext value={load}>
        <main>
          <RemoteSlot id={ID} label={label} />
        </main>
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
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
          <RemoteSlot id={ID} label={label} />
        </main>
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

/** What a slot's button was pressed for, in order. */
const presses: string[] = [];

/** A button whose presses are recorded and which shows their count ("pay 1"). */
function CountedButton({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        presses.push(name);
        setCount((n) => n + 1);
      }}
    >
      {`${name} ${count}`}
    </button>
  );
}

/** A slice's part: the pay button. */
const pressable: RemoteModule = { default: () => <CountedButton name="pay" /> };

/**
 * The server's page of a slot with a button, in the document as the browser gets it (the
 * slot's release is the one loaded), with the page's clicks watched as the entry does.
 */
async function pressableServerPage(): Promise<HTMLElement> {
  watchEarlyPresses();
  presses.length = 0;
  const Page = slotWith(loaderOf(pressable), new QueryClient());
  const html = await renderToHtml(<Page />, Date.now() + 10_000);
  setServerRenderedSlots({ [ID]: { release: 'ssr/remote-entry.old.cjs', queries: [] } });
  recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** The pay button's slice, whose code comes only once `code` is opened. */
function heldPressable() {
  const code = createGate();
  const load = (async () => {
    await code.passed();
    return pressable;
  }) as unknown as LoadRemoteModule;
  return { code, load };
}

/** A page with a button of its own (the header's, say) above a slot with the pay button. */
function PageWithOwnButton({ load }: { load: LoadRemoteModule }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <RemoteLoaderContext value={load}>
        <CountedButton name="menu" />
        <RemoteSlot id={ID} label={label} />
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

/** A page whose slot is below the fold on a phone. */
function DeferredPage({ load }: { load: LoadRemoteModule }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <RemoteLoaderContext value={load}>
        <RemoteSlot id={ID} label={label} whenNearViewport />
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

/** Hydrated roots, unmounted after each test so React does no work once the DOM is gone. */
const roots: Root[] = [];

async function hydrate(html: string, module: RemoteModule) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recovered: unknown[] = [];
  const Page = slotWith(loaderOf(module), serverCache());
  await act(async () => {
    roots.push(
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => recovered.push(error) }),
    );
  });
  return { container, recovered };
}

const rendered = { release: 'ssr/remote-entry.old.cjs', queries: [hashKey(ANSWER)] };

describe('a server-rendered slot in the browser', () => {
  beforeEach(() => {
    // One process plays server and browser here; React's development build notices.
    expectConsoleError(/Detected multiple renderers concurrently rendering the same context/);
  });

  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

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
    const container = document.createElement('div');
    container.innerHTML = html.replace('<main>', '<main data-renders="0">');
    document.body.append(container);
    const served = container.querySelector('p');
    await act(async () => {
      roots.push(hydrateRoot(container, <RenderingPage client={client} load={load} />));
    });
    await act(async () => pageRenders.again());
    // The customer still reads the server's figures, not a skeleton.
    expect(container.querySelector('main')?.dataset.renders).toBe('1');
    expect(container.querySelector('p')).toBe(served);
    await act(async () => code.open());
    expect(await screen.findByText('ძველი: სერვერის პასუხი')).toBe(served);
  });

  it('keeps a press made on its server HTML before its code came, and makes it once it has', async () => {
    const container = await pressableServerPage();
    const { code, load } = heldPressable();
    const Page = slotWith(load, new QueryClient());
    await act(async () => {
      roots.push(hydrateRoot(container, <Page />));
      rootListens(container);
    });
    const served = screen.getByRole('button', { name: 'pay 0' });
    // Pressed while the button is still the server's: nothing can answer yet.
    await act(async () => served.click());
    expect(presses).toEqual([]);
    await act(async () => code.open());
    // Once hydrated, the press is made: once, on the same button.
    expect(await screen.findByRole('button', { name: 'pay 1' })).toBe(served);
    expect(presses).toEqual(['pay']);
  });

  it('keeps a press made before the page’s script started, and makes it once hydrated', async () => {
    const container = await pressableServerPage();
    // No React on the page yet: the server's button, pressed.
    screen.getByRole('button', { name: 'pay 0' }).click();
    const Page = slotWith(loaderOf(pressable), new QueryClient());
    await act(async () => {
      roots.push(hydrateRoot(container, <Page />));
      rootListens(container);
    });
    expect(await screen.findByRole('button', { name: 'pay 1' })).toBeInTheDocument();
    expect(presses).toEqual(['pay']);
  });

  it('keeps a press on the page’s own button made while its script started, and makes it once hydrated', async () => {
    watchEarlyPresses();
    presses.length = 0;
    const html = await renderToHtml(
      <PageWithOwnButton load={loaderOf(pressable)} />,
      Date.now() + 10_000,
    );
    setServerRenderedSlots({ [ID]: { release: 'ssr/remote-entry.old.cjs', queries: [] } });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    screen.getByRole('button', { name: 'menu 0' }).click();
    await act(async () => {
      roots.push(
        hydrateRoot(
          container,
          <>
            <PageWithOwnButton load={loaderOf(pressable)} />
            <PressAgainOnceHydrated within={container} />
          </>,
        ),
      );
      rootListens(container);
    });
    expect(await screen.findByRole('button', { name: 'menu 1' })).toBeInTheDocument();
    expect(presses).toEqual(['menu']);
  });

  it('keeps a press on a slot made while the page’s script started until the slot’s code comes', async () => {
    const container = await pressableServerPage();
    screen.getByRole('button', { name: 'pay 0' }).click();
    const { code, load } = heldPressable();
    const Page = slotWith(load, new QueryClient());
    await act(async () => {
      roots.push(
        hydrateRoot(
          container,
          <>
            <Page />
            <PressAgainOnceHydrated within={container} />
          </>,
        ),
      );
      rootListens(container);
    });
    // The page is hydrated, the slot not yet: the press made again is stopped, and kept.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(presses).toEqual([]);
    await act(async () => code.open());
    expect(await screen.findByRole('button', { name: 'pay 1' })).toBeInTheDocument();
    expect(presses).toEqual(['pay']);
  });

  it('makes a press on a hydrated slot only once', async () => {
    const container = await pressableServerPage();
    const Page = slotWith(loaderOf(pressable), new QueryClient());
    await act(async () => {
      roots.push(hydrateRoot(container, <Page />));
      rootListens(container);
    });
    const button = await screen.findByRole('button', { name: 'pay 0' });
    await act(async () => button.click());
    await act(async () => button.click());
    expect(await screen.findByRole('button', { name: 'pay 2' })).toBe(button);
    expect(presses).toEqual(['pay', 'pay']);
  });

  it('loads a slot below the fold when focus reaches its server HTML before the viewport does', async () => {
    const html = await renderToHtml(
      <DeferredPage load={loaderOf(pressable)} />,
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
      return pressable;
    }) as unknown as LoadRemoteModule;
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      roots.push(hydrateRoot(container, <DeferredPage load={load} />));
    });
    expect(asked).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'pay 0' }).focus());
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
