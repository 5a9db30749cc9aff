import {
  ACTIVITY_KEY,
  onActivityElsewhere,
  readLastActivity,
  trackActivity,
} from './session-activity';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('activity shared by the tabs', () => {
  it('records this tab’s activity for every tab, at most once in 10 s', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const heard = vi.fn();
    const stop = trackActivity(heard);
    try {
      window.dispatchEvent(new Event('keydown'));
      expect(readLastActivity()).toBe(1_000_000);
      vi.advanceTimersByTime(5_000);
      window.dispatchEvent(new Event('pointerdown'));
      expect(readLastActivity()).toBe(1_000_000);
      vi.advanceTimersByTime(5_000);
      window.dispatchEvent(new Event('wheel'));
      expect(readLastActivity()).toBe(1_010_000);
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('does not count a pointer merely moving over the page', () => {
    const stop = trackActivity(() => {});
    try {
      window.dispatchEvent(new Event('mousemove'));
      window.dispatchEvent(new Event('pointermove'));
      expect(readLastActivity()).toBeNull();
    } finally {
      stop();
    }
  });

  it('hears another tab’s activity through the storage event', () => {
    const heard = vi.fn();
    const stop = onActivityElsewhere(heard);
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_KEY, newValue: '42' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '7' }));
      expect(heard).toHaveBeenCalledExactlyOnceWith(42);
    } finally {
      stop();
    }
  });
});
