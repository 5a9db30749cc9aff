import { pageAnsweredAt } from './page-answered-at';

const NOW = 1_800_000_000_000;

function timing(responseStart: number | null, now: number) {
  return {
    now: () => now,
    getEntriesByType: () =>
      (responseStart === null ? [] : [{ responseStart }]) as unknown as PerformanceEntryList,
  };
}

describe('when the server answered with the page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is as long before now as the page has lived since the answer began', () => {
    expect(pageAnsweredAt(timing(120, 2_120))).toBe(NOW - 2_000);
  });

  it('is now for a page without navigation timing', () => {
    expect(pageAnsweredAt(timing(null, 5_000))).toBe(NOW);
    expect(pageAnsweredAt(timing(0, 5_000))).toBe(NOW);
  });
});
