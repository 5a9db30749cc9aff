import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { RemoteModuleId } from 'release-contract/remotes';
import { expectConsoleError } from 'shared/testing/setup-tests';
import { renderToHtml } from '../app/render-to-html';
import type { RemoteModule } from '../federation/remote-modules';
import { startRum } from '../telemetry/rum-reporter';
import { type SliceReleases, SliceReleasesContext } from '../telemetry/slice-releases';
import { captureBeacons } from '../testing/capture-beacons';
import { stubPageReload } from '../testing/stub-page-reload';
import type { LoadRemoteModule } from './remote-loader';
import { RemoteLoaderContext } from './remote-loader';
import { RemoteSlot } from './remote-slot';

// Each slot's root names its slice and release (the page's telemetry attributes what is in
// it), the same in the server's HTML and the browser's; a slot reports its view and its fallback.

const RELEASE = 'abc123def456';
const releases: SliceReleases = { remote_home: RELEASE };

const slider: RemoteModule = { default: () => <p>სლაიდერი</p> };
const loaderOf = (result: () => Promise<RemoteModule>) => result as unknown as LoadRemoteModule;
const loaded = loaderOf(async () => slider);
/** A remote still on its way: nothing resolves outside a test's act(). */
const loading = loaderOf(() => new Promise(() => {}));

beforeEach(() => {
  // One process plays server and browser here; React's development build notices.
  expectConsoleError(/Detected multiple renderers concurrently rendering the same context/);
});

function Page({
  load,
  ids = ['remote_home/HomeSlider'],
  whenNearViewport = false,
}: {
  load: LoadRemoteModule;
  ids?: RemoteModuleId[];
  whenNearViewport?: boolean;
}) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <RemoteLoaderContext value={load}>
        <SliceReleasesContext value={releases}>
          <main>
            {ids.map((id) => (
              <RemoteSlot key={id} id={id} label="ნაწილი" whenNearViewport={whenNearViewport} />
            ))}
          </main>
        </SliceReleasesContext>
      </RemoteLoaderContext>
    </QueryClientProvider>
  );
}

function rootsOf(container: Element) {
  return [...container.querySelectorAll('main > div')].map((root) => ({
    className: root.className,
    slice: root.getAttribute('data-slice'),
    release: root.getAttribute('data-release'),
  }));
}

const unreachable = () =>
  new Error('[ Federation Runtime ]: #RUNTIME-003 Failed to get manifest from https://x/mf.json');

describe('a slot’s root', () => {
  it('names the slot’s slice and release, on the server as in the browser', () => {
    const ids: RemoteModuleId[] = ['remote_home/HomeSlider', 'remote_loans/NextPayment'];
    const server = document.createElement('div');
    server.innerHTML = renderToString(<Page load={loading} ids={ids} />);
    const expected = [
      { className: 'owner blockOwner', slice: 'remote_home', release: RELEASE },
      // A slice the configuration does not name is served unversioned.
      { className: 'owner blockOwner', slice: 'remote_loans', release: 'dev' },
    ];
    expect(rootsOf(server)).toEqual(expected);
    const { container } = render(<Page load={loading} ids={ids} />);
    expect(rootsOf(container)).toEqual(expected);
  });

  it('is the deferred slot’s own place when it waits for the viewport', () => {
    const server = document.createElement('div');
    server.innerHTML = renderToString(<Page load={loading} whenNearViewport />);
    const expected = [{ className: 'deferred', slice: 'remote_home', release: RELEASE }];
    expect(rootsOf(server)).toEqual(expected);
    const { container } = render(<Page load={loading} whenNearViewport />);
    expect(rootsOf(container)).toEqual(expected);
  });

  describe('hydrated', () => {
    const roots: Root[] = [];

    afterEach(() => {
      for (const root of roots.splice(0)) act(() => root.unmount());
      document.body.replaceChildren();
    });

    it('matches the server’s HTML: nothing for React to recover from or warn of', async () => {
      const html = await renderToHtml(<Page load={loaded} />, Date.now() + 10_000);
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const served = container.querySelector('p');
      const recovered: unknown[] = [];
      await act(async () => {
        roots.push(
          hydrateRoot(container, <Page load={loaded} />, {
            onRecoverableError: (error) => recovered.push(error),
          }),
        );
      });
      expect(await screen.findByText('სლაიდერი')).toBe(served);
      expect(recovered).toEqual([]);
    });
  });
});

describe('what a slot reports', () => {
  const page = captureBeacons();
  const reload = stubPageReload();

  beforeEach(() => {
    startRum({ remotes: [], sampleRate: 1, route: () => 'index' });
  });

  it('reports each slice’s view once a page load, however many of its slots there are', async () => {
    render(
      <Page
        load={loaded}
        ids={['remote_home/HomeSlider', 'remote_home/QuestionAnswers', 'remote_loans/NextPayment']}
      />,
    );
    expect(await screen.findAllByText('სლაიდერი')).toHaveLength(3);
    page.leave();
    expect(page.events()).toEqual([
      { type: 'view', slice: 'remote_home', release: RELEASE },
      { type: 'view', slice: 'remote_loans', release: 'dev' },
    ]);
  });

  it('reports nothing while the server renders it', () => {
    renderToString(<Page load={loaderOf(() => Promise.reject(unreachable()))} />);
    page.leave();
    expect(page.sendBeacon).not.toHaveBeenCalled();
  });

  it('reports its fallback as a slot error of its slice and release', async () => {
    expectConsoleError(/RUNTIME-003/);
    render(<Page load={loaderOf(() => Promise.reject(unreachable()))} />);
    await screen.findByRole('alert');
    page.leave();
    expect(page.events()).toEqual([
      { type: 'view', slice: 'remote_home', release: RELEASE },
      { type: 'error', kind: 'slot', slice: 'remote_home', release: RELEASE },
    ]);
  });

  it('reports a chunk that did not load as a chunk error, even as the page reloads for it', async () => {
    expectConsoleError(/Loading chunk 451 failed/);
    const chunkError = Object.assign(new Error('Loading chunk 451 failed.'), {
      name: 'ChunkLoadError',
    });
    render(<Page load={loaderOf(() => Promise.reject(chunkError))} />);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    page.leave();
    expect(page.events()).toContainEqual({
      type: 'error',
      kind: 'chunk',
      slice: 'remote_home',
      release: RELEASE,
    });
  });
});
