import { Writable } from 'node:stream';
import { act, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import { expectConsoleError } from 'shared/testing/setup-tests';
import type { RemoteModuleId } from 'tooling/remotes';
import { type LoadRemoteModule, RemoteLoaderContext } from './remote-loader';
import type { RemoteModule } from './remote-modules';
import { RemoteSlot } from './remote-slot';
import {
  isReleaseChanged,
  recordLoadedRelease,
  setServerRenderedSlots,
} from './server-rendered-slots';

// A slot the server rendered is hydrated by the browser with the release that made its HTML;
// a slot whose remote was deployed between the page and its scripts is rendered afresh, with
// no mismatch for React to report (decision 020).

const ID: RemoteModuleId = 'remote_home/LoanCalculator';
const label = 'კალკულატორი';

const slice = (text: string): RemoteModule => ({ default: () => <p>{text}</p> });
const loaderOf = (module: RemoteModule) => (async () => module) as unknown as LoadRemoteModule;

function slotWith(load: LoadRemoteModule): ComponentType {
  return () => (
    <RemoteLoaderContext value={load}>
      <main>
        <RemoteSlot id={ID} label={label} />
      </main>
    </RemoteLoaderContext>
  );
}

/** HTML as the host's server makes it: every boundary waited for, nothing outlined. */
function renderOnServer(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
  });
}

/** The server's HTML of the slot, rendered with the old release's module. */
function serverHtml(): Promise<string> {
  const Page = slotWith(loaderOf(slice('ძველი გამოშვება')));
  return renderOnServer(<Page />);
}

async function hydrate(html: string, module: RemoteModule) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recovered: unknown[] = [];
  const Page = slotWith(loaderOf(module));
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError: (error) => recovered.push(error) });
  });
  return { container, recovered };
}

describe('a server-rendered slot in the browser', () => {
  beforeEach(() => {
    // One process plays server and browser here; React's development build notices.
    expectConsoleError(/Detected multiple renderers concurrently rendering the same context/);
  });

  afterEach(() => {
    document.body.replaceChildren();
  });

  it('is hydrated by the release that rendered it: its markup is kept', async () => {
    const html = await serverHtml();
    expect(html).toContain('ძველი გამოშვება');
    setServerRenderedSlots({ [ID]: 'ssr/remote-entry.old.cjs' });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.old.cjs');
    const { recovered, container } = await hydrate(html, slice('ძველი გამოშვება'));
    const before = container.querySelector('p');
    expect(await screen.findByText('ძველი გამოშვება')).toBe(before);
    expect(recovered).toEqual([]);
  });

  it('is rendered afresh by a newer release, reported as a changed release, not a mismatch', async () => {
    const html = await serverHtml();
    setServerRenderedSlots({ [ID]: 'ssr/remote-entry.old.cjs' });
    recordLoadedRelease('remote_home', 'ssr/remote-entry.new.cjs');
    const { recovered } = await hydrate(html, slice('ახალი გამოშვება'));
    expect(await screen.findByText('ახალი გამოშვება')).toBeInTheDocument();
    expect(screen.queryByText('ძველი გამოშვება')).not.toBeInTheDocument();
    expect(recovered).toHaveLength(1);
    expect(isReleaseChanged(recovered[0])).toBe(true);
  });
});
