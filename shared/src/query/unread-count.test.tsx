import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { queryClient } from 'shared/query/query-client';
import { withoutNotificationHandlers } from '../testing/handlers/notifications';
import { logInAs } from '../testing/log-in';
import { mswServer } from '../testing/msw-server';
import { UNREAD_CHANNEL, UNREAD_POLL_MS, useUnreadCount } from './unread-count';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

function countAsks(): { count: number } {
  const seen = { count: 0 };
  mswServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/user/notifications/unread_count/') seen.count += 1;
  });
  return seen;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('the unread count', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
    mswServer.events.removeAllListeners();
  });

  it('is asked once a minute while the page is visible, never while hidden, and again on return', async () => {
    const asks = countAsks();
    logInAs();
    const { result } = renderHook(() => useUnreadCount(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ unread: 2 }));
    expect(asks.count).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS / 2));
    expect(asks.count).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS / 2));
    await waitFor(() => expect(asks.count).toBe(2));

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(3 * UNREAD_POLL_MS));
    expect(asks.count).toBe(2);

    act(() => setVisibility('visible'));
    await waitFor(() => expect(asks.count).toBe(3));
  });

  it('is not asked again from a provider without v1.4', async () => {
    mswServer.use(...withoutNotificationHandlers);
    const asks = countAsks();
    logInAs();
    const { result } = renderHook(() => useUnreadCount(), { wrapper });
    await waitFor(() => expect(result.current.error?.status).toBe(404));

    await act(() => vi.advanceTimersByTimeAsync(3 * UNREAD_POLL_MS));
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));

    expect(asks.count).toBe(1);
  });

  it('takes the count another tab learned, as its own fresh answer', async () => {
    logInAs();
    const { result } = renderHook(() => useUnreadCount(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ unread: 2 }));
    const otherTab = new BroadcastChannel(UNREAD_CHANNEL);

    otherTab.postMessage({ unread: 7 });
    await waitFor(() => expect(result.current.data).toEqual({ unread: 7 }));
    // What is not a count is no count.
    otherTab.postMessage({ unread: 'many' });
    otherTab.postMessage('<img src=x>');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(result.current.data).toEqual({ unread: 7 });
    otherTab.close();
  });

  it('tells the other tabs the count it learns', async () => {
    mswServer.use(
      http.get('*/api/user/notifications/unread_count/', () => HttpResponse.json({ unread: 4 })),
    );
    const otherTab = new BroadcastChannel(UNREAD_CHANNEL);
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    logInAs();
    renderHook(() => useUnreadCount(), { wrapper });

    await waitFor(() => expect(heard).toEqual([{ unread: 4 }]));
    otherTab.close();
  });
});
