import { useEffect, useState } from 'react';

/** The spec's data-fetching default delay: pending indicators wait this long before showing. */
export const PENDING_INDICATOR_DELAY_MS = 200;

/**
 * True once `active` has stayed true for `delayMs`. Fast answers then never flash a
 * spinner or skeleton; slow ones show it.
 */
export function useDelayedFlag(active: boolean, delayMs = PENDING_INDICATOR_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}
