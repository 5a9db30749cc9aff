import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is idle until started', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.finished).toBe(false);
  });

  it('counts whole seconds down to zero, then reports it finished', () => {
    const { result } = renderHook(() => useCountdown());

    act(() => result.current.start(60));
    expect(result.current.secondsLeft).toBe(60);
    expect(result.current.startedWith).toBe(60);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    expect(result.current.finished).toBe(false);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.finished).toBe(true);
  });

  it('starts over from a new length when started again', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => vi.advanceTimersByTime(50_000));

    act(() => result.current.start(30));
    expect(result.current.secondsLeft).toBe(30);
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('rounds a fractional wait up and treats zero as already over', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(2.2));
    expect(result.current.secondsLeft).toBe(3);

    act(() => result.current.start(0));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.finished).toBe(true);
  });

  it('stops ticking when unmounted', () => {
    const { result, unmount } = renderHook(() => useCountdown());
    act(() => result.current.start(10));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
