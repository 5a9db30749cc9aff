import { useEffect, useRef, useState } from 'react';

/** How far ahead of the viewport a deferred slot starts loading. */
const NEAR_VIEWPORT_MARGIN = '200px 0px';

/**
 * A promise that settles once the slot's place comes near the viewport, or a pointer or focus
 * reaches it first (at once where nothing can tell: the server, old browsers). A slot below
 * the fold loads, and its server HTML hydrates, only then: what the customer sees first does
 * not wait behind it. `near` says the same to render with: until then the slot is not loading,
 * and shows no skeleton (whose shimmer, running unseen below the fold, kept the page drawing
 * sixty frames a second for as long as it was open).
 */
export function useNearViewportGate(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [gate] = useState(() => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const atOnce = !enabled || typeof IntersectionObserver === 'undefined';
    if (atOnce) open();
    return { opened, open, atOnce };
  });
  const [near, setNear] = useState(gate.atOnce);
  useEffect(() => {
    if (near) return;
    let current = true;
    void gate.opened.then(() => {
      if (current) setNear(true);
    });
    return () => {
      current = false;
    };
  }, [gate, near]);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) gate.open();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    // Watched on the window, on the way down: React stops these events at the page's root
    // when they go to the slot's server HTML it has not hydrated yet, so the slot itself would
    // never hear them.
    const onIntent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) gate.open();
    };
    window.addEventListener('pointerdown', onIntent, true);
    window.addEventListener('focusin', onIntent, true);
    const stop = () => {
      observer.disconnect();
      window.removeEventListener('pointerdown', onIntent, true);
      window.removeEventListener('focusin', onIntent, true);
    };
    void gate.opened.then(stop);
    return stop;
  }, [enabled, gate]);
  return { ref, opened: gate.opened, near };
}
