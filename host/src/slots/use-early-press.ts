import { type RefObject, useCallback, useRef } from 'react';
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
