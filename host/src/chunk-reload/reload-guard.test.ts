import { canReloadForChunkError, RELOAD_STAMP_KEY, reloadForChunkError } from './reload-guard';

function fakeBrowser(startAt: number, storage: Map<string, string> | null = new Map()) {
  const deps = {
    clock: startAt,
    now: () => deps.clock,
    storage: storage && {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    reload: vi.fn(),
  };
  return { deps, stored: storage };
}

/** What every caller does when a chunk fails: reload if the guard allows it. */
function onChunkFailure(deps: ReturnType<typeof fakeBrowser>['deps']): void {
  if (canReloadForChunkError(deps)) reloadForChunkError(deps);
}

describe('the chunk reload guard', () => {
  it('reloads on the first failure and stamps the time', () => {
    const { deps, stored } = fakeBrowser(1_700_000_000_000);
    onChunkFailure(deps);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(stored?.get(RELOAD_STAMP_KEY)).toBe('1700000000000');
  });

  it('does not reload again within 60000 ms of the last reload', () => {
    const { deps } = fakeBrowser(1_700_000_000_000);
    onChunkFailure(deps);
    deps.clock += 59_999;
    onChunkFailure(deps);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('may reload again once 60000 ms have passed', () => {
    const { deps, stored } = fakeBrowser(1_700_000_000_000);
    onChunkFailure(deps);
    deps.clock += 60_000;
    onChunkFailure(deps);
    expect(deps.reload).toHaveBeenCalledTimes(2);
    expect(stored?.get(RELOAD_STAMP_KEY)).toBe('1700000060000');
  });

  it('respects a stamp left by the page before the reload', () => {
    const { deps } = fakeBrowser(1_700_000_010_000, new Map([[RELOAD_STAMP_KEY, '1700000000000']]));
    onChunkFailure(deps);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('treats an unreadable stamp as no stamp', () => {
    const { deps } = fakeBrowser(1_700_000_000_000, new Map([[RELOAD_STAMP_KEY, 'garbage']]));
    onChunkFailure(deps);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads when there is no storage to remember the last reload', () => {
    const { deps } = fakeBrowser(1_700_000_000_000, null);
    onChunkFailure(deps);
    deps.clock += 10 * 60_000;
    onChunkFailure(deps);
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
