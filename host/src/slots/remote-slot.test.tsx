import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ka } from 'shared/strings/ka';
import { render } from 'shared/testing/render';
import { expectConsoleError } from 'shared/testing/setup-tests';
import { RELOAD_STAMP_KEY } from '../chunk-reload/reload-guard';
import { stubPageReload } from '../testing/stub-page-reload';
import { kaHost } from '../words/ka-host';
import { RemoteSlot } from './remote-slot';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));

const loadRemoteMock = vi.mocked(loadRemote);

function RemoteSlider() {
  return <p>სლაიდერი ჩაიტვირთა</p>;
}

const remoteModule = { default: RemoteSlider };

function BrokenRemote(): never {
  throw new Error('remote bug');
}

function unreachableRemote(): Error {
  return new Error(
    '[ Federation Runtime ]: #RUNTIME-003 Failed to get manifest from http://localhost:3001/mf-manifest.json',
  );
}

function chunkLoadError(): Error {
  const error = new Error('Loading chunk 451 failed.');
  error.name = 'ChunkLoadError';
  return error;
}

function renderSlot() {
  return render(<RemoteSlot id="remote_home/HomeSlider" label={ka.home.sliderLabel} />);
}

describe('RemoteSlot', () => {
  const reload = stubPageReload();

  beforeEach(() => {
    loadRemoteMock.mockReset();
  });

  it('renders the component the remote exposes', async () => {
    loadRemoteMock.mockResolvedValue(remoteModule);
    renderSlot();
    expect(await screen.findByText('სლაიდერი ჩაიტვირთა')).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_home/HomeSlider');
  });

  const notInRelease = () => new Error('Module "./HomeSlider" does not exist in container.');

  it('renders nothing, quietly, for an optional module the remote has not released yet', async () => {
    loadRemoteMock.mockRejectedValue(notInRelease());
    const { container } = render(
      <RemoteSlot id="remote_home/HomeSlider" label={ka.home.sliderLabel} optional />,
    );
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalled());
    // Only the slot's root, which names its slice and has no box of its own.
    await waitFor(() => expect(container.firstElementChild).toBeEmptyDOMElement());
    expect(container.children).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the remote is unavailable when a module the page needs is not in its release', async () => {
    expectConsoleError(/ModuleNotInRelease/);
    loadRemoteMock.mockRejectedValue(notInRelease());
    renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
  });

  it('shows the Georgian fallback and a retry button when the remote is unreachable', async () => {
    expectConsoleError(/RUNTIME-003/);
    loadRemoteMock.mockRejectedValue(unreachableRemote());
    renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
    const region = screen.getByRole('region', { name: ka.home.sliderLabel });
    expect(region).toHaveTextContent(kaHost.remote.unavailableHint);
    expect(screen.getByRole('button', { name: ka.common.retry })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads the remote afresh on retry and renders it once it is back', async () => {
    expectConsoleError(/RUNTIME-003/);
    loadRemoteMock.mockRejectedValueOnce(unreachableRemote()).mockResolvedValue(remoteModule);
    renderSlot();
    await userEvent.click(await screen.findByRole('button', { name: ka.common.retry }));
    expect(await screen.findByText('სლაიდერი ჩაიტვირთა')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
  });

  it('treats a remote that answers with no module as unavailable', async () => {
    expectConsoleError(/./);
    loadRemoteMock.mockResolvedValue(null);
    renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
  });

  it('shows a thrown remote component as unavailable without breaking the page around it', async () => {
    expectConsoleError(/remote bug/);
    loadRemoteMock.mockResolvedValue({ default: BrokenRemote });
    render(
      <main>
        <h1>გვერდი</h1>
        <RemoteSlot id="remote_home/HomeSlider" label={ka.home.sliderLabel} />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
    expect(screen.getByRole('heading', { name: 'გვერდი' })).toBeInTheDocument();
  });

  it('reloads the page once when a chunk of a redeployed remote fails to load', async () => {
    expectConsoleError(/Loading chunk 451 failed/);
    loadRemoteMock.mockRejectedValue(chunkLoadError());
    renderSlot();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(sessionStorage.getItem(RELOAD_STAMP_KEY))).toBeGreaterThan(0);
  });

  it('shows the fallback instead of reloading again within 60 seconds of the last reload', async () => {
    expectConsoleError(/Loading chunk 451 failed/);
    sessionStorage.setItem(RELOAD_STAMP_KEY, String(Date.now() - 5_000));
    loadRemoteMock.mockRejectedValue(chunkLoadError());
    renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
    expect(screen.getByRole('button', { name: ka.common.retry })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the fallback, not a spinner, when the reload cannot be guarded (storage full)', async () => {
    expectConsoleError(/Loading chunk 451 failed/);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    loadRemoteMock.mockRejectedValue(chunkLoadError());
    renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
    expect(screen.getByRole('button', { name: ka.common.retry })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows a loading notice only after the 200 ms pending delay', async () => {
    loadRemoteMock.mockReturnValue(new Promise(() => {}));
    renderSlot();
    expect(screen.queryByText(kaHost.remote.loading)).not.toBeInTheDocument();
    expect(await screen.findByText(kaHost.remote.loading)).toBeInTheDocument();
  });

  it("holds a page's reservation, not the one-size minimum, while the remote loads", async () => {
    loadRemoteMock.mockReturnValue(new Promise(() => {}));
    const { container } = render(
      <RemoteSlot id="remote_home/HomeSlider" label={ka.home.sliderLabel} reserve="slider-slot" />,
    );
    const placeholder = container.querySelector('.slider-slot');
    expect(placeholder).toBeInTheDocument();
    expect(placeholder).not.toHaveAttribute('style');
  });

  describe('below the fold (whenNearViewport)', () => {
    let reportIntersection: (isIntersecting: boolean) => void = () => {};
    let observed: Element[] = [];

    beforeEach(() => {
      observed = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
            reportIntersection = (isIntersecting) => callback([{ isIntersecting }]);
          }
          observe(element: Element) {
            observed.push(element);
          }
          disconnect() {}
        },
      );
    });

    afterEach(() => {
      vi.unstubAllGlobals();
    });

    const renderDeferred = () =>
      render(
        <RemoteSlot
          id="remote_home/HomeSlider"
          label={ka.home.sliderLabel}
          reserve="held-place"
          whenNearViewport
        />,
      );

    it('loads nothing until the slot comes near the viewport, keeping its place meanwhile', async () => {
      loadRemoteMock.mockResolvedValue(remoteModule);
      renderDeferred();
      expect(observed).toHaveLength(1);
      expect(observed[0]?.firstElementChild).toHaveClass('held-place');
      reportIntersection(false);
      await act(() => Promise.resolve());
      expect(loadRemoteMock).not.toHaveBeenCalled();

      act(() => reportIntersection(true));
      expect(await screen.findByText('სლაიდერი ჩაიტვირთა')).toBeInTheDocument();
      expect(loadRemoteMock).toHaveBeenCalledTimes(1);
      expect(loadRemoteMock).toHaveBeenCalledWith('remote_home/HomeSlider');
    });

    it('shows no skeleton while it waits for the viewport: it is not loading, and an unseen shimmer would keep the page drawing', async () => {
      loadRemoteMock.mockReturnValue(new Promise(() => {}));
      const { container } = renderDeferred();
      // Well past the 200 ms a pending indicator waits for.
      await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
      expect(container.querySelector('.held-place')).toBeEmptyDOMElement();
      expect(screen.queryByText(kaHost.remote.loading)).not.toBeInTheDocument();

      act(() => reportIntersection(true));
      expect(await screen.findByText(kaHost.remote.loading)).toBeInTheDocument();
      expect(container.querySelector('.held-place [aria-hidden="true"]')).toBeInTheDocument();
    });

    it('loads at once when a pointer or the keyboard reaches it before the viewport does', async () => {
      loadRemoteMock.mockResolvedValue(remoteModule);
      render(
        <RemoteSlot id="remote_home/HomeSlider" label={ka.home.sliderLabel} whenNearViewport />,
      );
      await act(() => Promise.resolve());
      expect(loadRemoteMock).not.toHaveBeenCalled();

      act(() => observed[0]?.dispatchEvent(new Event('focusin', { bubbles: true })));
      expect(await screen.findByText('სლაიდერი ჩაიტვირთა')).toBeInTheDocument();
    });
  });
});
