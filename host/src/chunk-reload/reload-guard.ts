/** At most one automatic reload per this window (spec §8, §9). */
const RELOAD_GUARD_MS = 60_000;
export const RELOAD_STAMP_KEY = 'lender:chunk-reload-at';

interface GuardDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: without a stamp we cannot guard, so we never reload.
  }
}

const browser: GuardDeps = {
  now: () => Date.now(),
  storage: typeof window === 'undefined' ? null : sessionStorageOrNull(),
  reload: () => window.location.reload(),
};

/**
 * Whether a failed chunk may reload the page now. The stamp lives in sessionStorage so it
 * survives the reload; inside the window the caller shows an error instead of looping.
 */
export function canReloadForChunkError(deps: GuardDeps = browser): boolean {
  if (!deps.storage) return false;
  const last = Number(deps.storage.getItem(RELOAD_STAMP_KEY));
  return !(last > 0 && deps.now() - last < RELOAD_GUARD_MS);
}

/**
 * Stamps the time and reloads. Call only after canReloadForChunkError said yes. If the stamp
 * cannot be written (storage full), it does not reload: an unguarded reload could loop.
 */
export function reloadForChunkError(deps: GuardDeps = browser): boolean {
  try {
    deps.storage?.setItem(RELOAD_STAMP_KEY, String(deps.now()));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}
