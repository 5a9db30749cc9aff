import { useEffect, useRef } from 'react';

/**
 * Runs `action` every `intervalMs` while `active`, each run waiting for the previous one to
 * settle so a slow answer never stacks calls. Stops when inactive or unmounted.
 */
export function usePolling(active: boolean, action: () => Promise<unknown>, intervalMs: number) {
  // The latest action without restarting the schedule when its identity changes.
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  }, [action]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        await latest.current();
      } catch {
        // A failed poll is retried at the next tick; the caller shows its own error state.
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
