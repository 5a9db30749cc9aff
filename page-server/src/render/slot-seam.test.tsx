import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import {
  cutSlotMarkup,
  type LoadRemoteModule,
  RemoteLoaderContext,
  RemoteSlot,
  renderToHtml,
  SlotSeamContext,
} from 'host/app';
import type { RemoteModule } from 'host/render-entry';
import { hydrateIn, hydrationTestHooks, inDocument } from 'host/testing';
import { useId } from 'react';
import type { RemoteModuleId } from 'release-contract/remotes';
import { stitch } from './compose-page';
import { slotToken } from './render-protocol';

// A page put together as the page server puts it (decision 032): the page around the slots
// from the host's render, each slot's markup cut out of its slice's render of the whole page.
// The browser must find exactly the markup a render of the whole page in one piece would have
// made, React's ids included, so it hydrates without a mismatch.

const CALCULATOR: RemoteModuleId = 'remote_home/LoanCalculator';
const LOANS: RemoteModuleId = 'remote_loans/LoansOverview';

/** A slot with a labelled field (React's id follows the tree) and text at its edges. */
function Calculator() {
  const id = useId();
  return (
    <>
      თანხა
      <label htmlFor={id}>სესხის თანხა</label>
      <input id={id} defaultValue="1000" />
      ლარი
    </>
  );
}

function Loans() {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>სესხები</h2>
    </section>
  );
}

function Throws(): never {
  throw new Error('the slice failed on the server');
}

const modules: Partial<Record<RemoteModuleId, RemoteModule>> = {
  [CALCULATOR]: { default: Calculator },
  [LOANS]: { default: Loans },
};

/** The host's page: its own labelled parts around two slots. */
function Page({ load, seam = '' }: { load: LoadRemoteModule; seam?: string }) {
  const id = useId();
  return (
    <QueryClientProvider client={new QueryClient()}>
      <SlotSeamContext value={seam}>
        <RemoteLoaderContext value={load}>
          <main aria-labelledby={id}>
            <h1 id={id}>სახლი</h1>
            <RemoteSlot id={CALCULATOR} label="კალკულატორი" />
            <p>ტექსტი</p>
            <RemoteSlot id={LOANS} label="სესხები" />
          </main>
        </RemoteLoaderContext>
      </SlotSeamContext>
    </QueryClientProvider>
  );
}

/** A loader: these slots' modules; any other slot is left to the browser. */
function loaderOf(table: Partial<Record<RemoteModuleId, RemoteModule>>): LoadRemoteModule {
  return (async (id: RemoteModuleId) => {
    const module = table[id];
    if (!module) throw new Error(`${id} is left to the browser`);
    return module;
  }) as LoadRemoteModule;
}

const render = (element: React.ReactNode) => renderToHtml(element, Date.now() + 10_000, () => {});

/** The page as the page server puts it together: a slice's render per slot, the host's around. */
async function putTogether(): Promise<string> {
  const slots = [CALCULATOR, LOANS];
  const cut = await Promise.all(
    slots.map(async (slot) => {
      const slice = await render(<Page load={loaderOf({ [slot]: modules[slot] })} seam="m" />);
      return {
        slot,
        outcome: 'rendered' as const,
        html: cutSlotMarkup(slice, slot, 'm') ?? 'not cut',
        release: 'r',
      };
    }),
  );
  const tokens = loaderOf(
    Object.fromEntries(
      slots.map((slot, index) => [slot, { default: () => slotToken('n', index) }]),
    ),
  );
  return stitch(await render(<Page load={tokens} />), 'n', cut);
}

/** React's separator between two text nodes, which the browser's hydration skips. */
const withoutSeparators = (html: string) => html.replaceAll('<!-- -->', '');

describe('a page put together from its parts', () => {
  hydrationTestHooks();

  it('is the markup of the whole page rendered at once, React’s ids included', async () => {
    const whole = await render(<Page load={loaderOf(modules)} />);

    expect(withoutSeparators(await putTogether())).toBe(withoutSeparators(whole));
  });

  it('hydrates without a mismatch, each label still naming its field', async () => {
    const container = inDocument(await putTogether());
    const recoverable: unknown[] = [];
    await hydrateIn(container, <Page load={loaderOf(modules)} />, (error) =>
      recoverable.push(error),
    );
    expect(recoverable).toEqual([]);
    expect(screen.getByLabelText('სესხის თანხა')).toHaveValue('1000');
    expect(screen.getByRole('region', { name: 'სესხები' })).toBeInTheDocument();
  });

  it('takes nothing of a slot that did not complete in its slice’s render', async () => {
    const slice = await render(
      <Page load={loaderOf({ [CALCULATOR]: { default: Throws } })} seam="m" />,
    );
    expect(cutSlotMarkup(slice, CALCULATOR, 'm')).toBeUndefined();
    // And a slot the slice left to the browser has no markup to take.
    expect(cutSlotMarkup(slice, LOANS, 'm')).toBeUndefined();
  });
});
