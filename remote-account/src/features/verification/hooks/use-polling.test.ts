import { act, renderHook } from '@testing-library/react';
import { usePolling } from './use-polling';

describe('usePolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the action every interval while active', async () => {
    const action = vi.fn(() => Promise.resolve());
    renderHook(() => usePolling(true, action, 4000));

    expect(action).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(action).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('does not run while inactive, and stops when it becomes inactive', async () => {
    const action = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(({ active }) => usePolling(active, action, 4000), {
      initialProps: { active: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(action).not.toHaveBeenCalled();

    rerender({ active: true });
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(action).toHaveBeenCalledTimes(1);

    rerender({ active: false });
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('waits for a slow run before scheduling the next, and keeps going after a failure', async () => {
    let settle: () => void = () => {};
    const action = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (settle = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('offline')))
      .mockResolvedValue(undefined);
    renderHook(() => usePolling(true, action, 4000));

    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => settle());
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(action).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('stops when unmounted', async () => {
    const action = vi.fn(() => Promise.resolve());
    const { unmount } = renderHook(() => usePolling(true, action, 4000));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(action).not.toHaveBeenCalled();
  });
});
