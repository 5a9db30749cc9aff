import type { SessionEndReason } from 'shared/session/session-events';

/**
 * The customer's last activity, shared by every tab of the page (decision 022): a timestamp
 * in localStorage, which other tabs hear through the `storage` event. localStorage rather
 * than the session BroadcastChannel because it also *keeps* the value: a tab opened later, or
 * one that slept through the messages, reads the newest activity instead of waiting for the
 * next one. Nothing here touches the browser at module scope (SSR).
 */
export const ACTIVITY_KEY = 'online-loan:last-activity';
/** Why the last session ended, written by the tab that ended it, read by the others. */
export const END_REASON_KEY = 'online-loan:session-end-reason';
/** At most one write a this many ms: a scrolling or typing customer is not a write storm. */
export const ACTIVITY_WRITE_INTERVAL_MS = 10_000;
/** What counts as activity: deliberate input, not a pointer passing over the page. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (privacy settings): each tab then keeps its own time.
    return null;
  }
}

/** The newest activity of any tab (ms since the epoch), or null if none was recorded. */
export function readLastActivity(): number | null {
  const raw = storage()?.getItem(ACTIVITY_KEY);
  const at = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(at) ? at : null;
}

/** Records activity at `at` for every tab (other tabs hear it through the storage event). */
export function writeActivity(at: number): void {
  try {
    storage()?.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Quota or blocked storage: this tab's own timer still follows it.
  }
}

/** Calls `listener` with the time when another tab records activity. */
export function onActivityElsewhere(listener: (at: number) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ACTIVITY_KEY || !event.newValue) return;
    const at = Number(event.newValue);
    if (Number.isFinite(at)) listener(at);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Listens for the customer's activity in this tab and records it for every tab, at most once
 * an ACTIVITY_WRITE_INTERVAL_MS; `onActivity` hears each recorded time.
 */
export function trackActivity(
  onActivity: (at: number) => void,
  /** True while activity must not count (the warning wants a deliberate „continue"). */
  isPaused: () => boolean = () => false,
): () => void {
  if (typeof window === 'undefined') return () => {};
  let lastWrite = Number.NEGATIVE_INFINITY;
  const onEvent = () => {
    if (isPaused()) return;
    const now = Date.now();
    if (now - lastWrite < ACTIVITY_WRITE_INTERVAL_MS) return;
    lastWrite = now;
    writeActivity(now);
    onActivity(now);
  };
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onEvent, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onEvent, options);
  };
}

/** Says to the other tabs why this tab ends the session (null: the customer logged out). */
export function writeEndReason(reason: SessionEndReason | null): void {
  try {
    if (reason) storage()?.setItem(END_REASON_KEY, reason);
    else storage()?.removeItem(END_REASON_KEY);
  } catch {
    // The other tabs then say 'elsewhere', which is still true.
  }
}

/** Why another tab ended the session, if it said. */
export function readEndReason(): SessionEndReason | null {
  const raw = storage()?.getItem(END_REASON_KEY);
  return raw === 'inactive' ? raw : null;
}

/**
 * Records the server's idle clock (decision 027) as every tab's last activity: the moment the
 * server last counted the session used, in this browser's time (`at`, when its answer came:
 * a count of seconds travels between clocks that disagree; a timestamp would not).
 */
export function recordServerClock(
  state: { idle_seconds: number; idle_left_seconds: number },
  at: number = Date.now(),
): number {
  const used = at - (state.idle_seconds - state.idle_left_seconds) * 1000;
  writeActivity(used);
  return used;
}
