import type { Mock } from 'vitest';

/**
 * Replaces window.location.reload with a mock for each test of the calling describe block,
 * with the reload guard's sessionStorage stamp cleared before and after.
 */
export function stubPageReload(): Mock<() => void> {
  const reload = vi.fn<() => void>();
  beforeEach(() => {
    reload.mockReset();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });
  return reload;
}
