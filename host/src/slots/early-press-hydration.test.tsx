import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { createGate } from 'shared/testing/gate';
import { renderToHtml } from '../app/render-to-html';
import type { RemoteModule } from '../federation/remote-modules';
import { recordLoadedRelease, setServerRenderedSlots } from '../federation/server-rendered-slots';
import { rootListens, watchEarlyPresses } from './early-press';
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
import { PressAgainOnceHydrated } from './use-early-press';

// A press on a server-rendered page before its code has hydrated what was pressed is kept, and
// made once it has (early-press.ts, decision 031): in a slot whose code is on its way, and on
// the page's own buttons while its script starts.

/** What was pressed, in order. */
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
        <RemoteSlot id={SLOT_ID} label={SLOT_LABEL} />
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

/**
 * `page`'s server HTML in the document as the browser gets it (the slot's release is the one
 * loaded), with the page's clicks watched as the entry does.
 */
async function serverPage(page: React.ReactElement): Promise<HTMLElement> {
  watchEarlyPresses();
  presses.length = 0;
  const html = await renderToHtml(page, Date.now() + 10_000);
  setServerRenderedSlots({ [SLOT_ID]: { release: 'ssr/remote-entry.old.cjs', queries: [] } });
  recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
  return inDocument(html);
}

/** The server's page of the slot with the pay button. */
function pressableServerPage(): Promise<HTMLElement> {
  const Page = slotWith(loaderOf(pressable), new QueryClient());
  return serverPage(<Page />);
}

/** Hydrates the page as bootstrap does: then React's root listens. */
async function hydrateListening(container: HTMLElement, page: React.ReactNode) {
  await hydrateIn(container, page);
  rootListens(container);
}

describe('a press on a server-rendered page before it is hydrated', () => {
  hydrationTestHooks();

  it('on a slot whose code is on its way is kept, and made once the code has come', async () => {
    const container = await pressableServerPage();
    const { code, load } = heldPressable();
    const Page = slotWith(load, new QueryClient());
    await hydrateListening(container, <Page />);
    const served = screen.getByRole('button', { name: 'pay 0' });
    // Pressed while the button is still the server's: nothing can answer yet.
    await act(async () => served.click());
    expect(presses).toEqual([]);
    await act(async () => code.open());
    // Once hydrated, the press is made: once, on the same button.
    expect(await screen.findByRole('button', { name: 'pay 1' })).toBe(served);
    expect(presses).toEqual(['pay']);
  });

  it('made before the page’s script started is made once the slot is hydrated', async () => {
    const container = await pressableServerPage();
    // No React on the page yet: the server's button, pressed.
    screen.getByRole('button', { name: 'pay 0' }).click();
    const Page = slotWith(loaderOf(pressable), new QueryClient());
    await hydrateListening(container, <Page />);
    expect(await screen.findByRole('button', { name: 'pay 1' })).toBeInTheDocument();
    expect(presses).toEqual(['pay']);
  });

  it('on the page’s own button while its script started is made once the page is hydrated', async () => {
    const container = await serverPage(<PageWithOwnButton load={loaderOf(pressable)} />);
    screen.getByRole('button', { name: 'menu 0' }).click();
    await hydrateListening(
      container,
      <>
        <PageWithOwnButton load={loaderOf(pressable)} />
        <PressAgainOnceHydrated within={container} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'menu 1' })).toBeInTheDocument();
    expect(presses).toEqual(['menu']);
  });

  it('on a slot while the page’s script started waits for the slot’s code', async () => {
    const container = await pressableServerPage();
    screen.getByRole('button', { name: 'pay 0' }).click();
    const { code, load } = heldPressable();
    const Page = slotWith(load, new QueryClient());
    await hydrateListening(
      container,
      <>
        <Page />
        <PressAgainOnceHydrated within={container} />
      </>,
    );
    // The page is hydrated, the slot not yet: the press made again is stopped, and kept.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(presses).toEqual([]);
    await act(async () => code.open());
    expect(await screen.findByRole('button', { name: 'pay 1' })).toBeInTheDocument();
    expect(presses).toEqual(['pay']);
  });

  it('is not made again once the slot is hydrated: each press counts once', async () => {
    const container = await pressableServerPage();
    const Page = slotWith(loaderOf(pressable), new QueryClient());
    await hydrateListening(container, <Page />);
    const button = await screen.findByRole('button', { name: 'pay 0' });
    await act(async () => button.click());
    await act(async () => button.click());
    expect(await screen.findByRole('button', { name: 'pay 2' })).toBe(button);
    expect(presses).toEqual(['pay', 'pay']);
  });
});
