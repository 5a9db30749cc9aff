import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { pressAgainWithin } from './early-press';

/**
 * For a slot: its owner element's ref, and the call that says the slot is hydrated (or shows
 * what it will show in its place, a fallback say), which makes a press kept on a button inside
 * it before then (early-press.ts). Called again, it does nothing.
 */
export function useEarlyPress(): {
  owner: RefObject<HTMLDivElement | null>;
  hydrated: () => void;
} {
  const owner = useRef<HTMLDivElement>(null);
  const done = useRef(false);
  const hydrated = useCallback(() => {
    if (done.current) return;
    done.current = true;
    pressAgainWithin(owner.current);
  }, []);
  return { owner, hydrated };
}

/**
 * Rendered once at the top of a hydrated page (bootstrap): once the page's own parts are
 * hydrated, a press kept on one of their buttons (the header's, say, tapped while the host's
 * script was still starting) is made. One in a slot still on its way is stopped again, and
 * kept for its slot (early-press.ts).
 */
export function PressAgainOnceHydrated({ within }: { within: Element }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    pressAgainWithin(within);
  }, [within]);
  return null;
}
