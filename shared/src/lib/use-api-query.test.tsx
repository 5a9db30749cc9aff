import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { fetchSlides } from '../api/cms/slider';
import { ka } from '../strings/ka';
import { mswServer } from '../testing/msw-server';
import { useApiQuery } from './use-api-query';

type Fetcher = (signal: AbortSignal) => Promise<string>;

/** A part of a page that reads through useApiQuery and shows each state as a user would. */
function Reader({ fetcher, queryKey = [] }: { fetcher: Fetcher; queryKey?: unknown[] }) {
  const query = useApiQuery(fetcher, queryKey);
  return (
    <div>
      {query.showPending ? <p role="status">{ka.common.loading}</p> : null}
      {query.status === 'success' ? <p>{query.data}</p> : null}
      {query.status === 'error' ? (
        <div role="alert">
          <p>{query.error.message}</p>
          <p>
            {query.error.name} {query.error.status}
          </p>
          <button type="button" onClick={query.retry}>
            {ka.common.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useApiQuery', () => {
  describe('pending indicator', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('shows the pending indicator only once loading lasts 200 ms', () => {
      const answer = deferred<string>();
      render(<Reader fetcher={() => answer.promise} />);
      act(() => vi.advanceTimersByTime(199));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('status')).toHaveTextContent(ka.common.loading);
    });

    it('hides the pending indicator when the answer arrives', async () => {
      const answer = deferred<string>();
      render(<Reader fetcher={() => answer.promise} />);
      act(() => vi.advanceTimersByTime(300));
      await act(async () => answer.resolve('სლაიდები'));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByText('სლაიდები')).toBeInTheDocument();
    });

    it('never flashes the pending indicator for a fast answer', async () => {
      const answer = deferred<string>();
      render(<Reader fetcher={() => answer.promise} />);
      act(() => vi.advanceTimersByTime(50));
      await act(async () => answer.resolve('სწრაფი'));
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByText('სწრაფი')).toBeInTheDocument();
    });
  });

  it('shows the data a real API call answers', async () => {
    render(<Reader fetcher={(signal) => fetchSlides(signal).then((s) => s[0]?.title ?? '')} />);
    expect(await screen.findByText('პირველი სესხი 0% სერვისის საკომისიოთი')).toBeInTheDocument();
  });

  it('turns a provider failure into an ApiError with the Georgian message', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => new HttpResponse(null, { status: 503 })));
    render(<Reader fetcher={(signal) => fetchSlides(signal).then(() => 'ok')} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.providerUnavailable);
    expect(alert).toHaveTextContent('ApiError 503');
  });

  it('turns a network failure into an ApiError with the Georgian network message', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.error()));
    render(<Reader fetcher={(signal) => fetchSlides(signal).then(() => 'ok')} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.network);
    expect(alert).toHaveTextContent('ApiError 500');
  });

  it('turns an answer that breaks the contract into the Georgian bad-answer message', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.json([{ id: 'x' }])));
    render(<Reader fetcher={(signal) => fetchSlides(signal).then(() => 'ok')} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.badAnswer);
    expect(alert).toHaveTextContent('ApiError 500');
  });

  it('turns any other thrown error into a status-500 ApiError with the generic message', async () => {
    render(<Reader fetcher={() => Promise.reject(new TypeError('undefined is not a function'))} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.genericMessage);
    expect(alert).toHaveTextContent('ApiError 500');
    expect(alert).not.toHaveTextContent('undefined is not a function');
  });

  it('requests again on retry and shows the new answer', async () => {
    const fetcher = vi
      .fn<Fetcher>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('მეორე ცდა');
    render(<Reader fetcher={fetcher} />);
    await userEvent.click(await screen.findByRole('button', { name: ka.common.retry }));
    expect(await screen.findByText('მეორე ცდა')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('aborts the request on unmount and ignores its late answer', async () => {
    const answer = deferred<string>();
    let signal: AbortSignal | undefined;
    const { unmount } = render(
      <Reader
        fetcher={(s) => {
          signal = s;
          return answer.promise;
        }}
      />,
    );
    unmount();
    expect(signal?.aborted).toBe(true);
    // A state update after unmount would be a React warning, which fails the test.
    await act(async () => answer.resolve('late'));
  });

  it('aborts the old request when the key changes and shows only the new answer', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const fetcher: Fetcher = (s) => {
      signals.push(s);
      return signals.length === 1 ? first.promise : second.promise;
    };
    const { rerender } = render(<Reader fetcher={fetcher} queryKey={[1]} />);
    rerender(<Reader fetcher={fetcher} queryKey={[2]} />);
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => second.resolve('ახალი'));
    await act(async () => first.resolve('ძველი'));
    expect(screen.getByText('ახალი')).toBeInTheDocument();
    expect(screen.queryByText('ძველი')).not.toBeInTheDocument();
  });
});
