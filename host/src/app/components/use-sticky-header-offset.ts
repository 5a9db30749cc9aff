import { type RefObject, useEffect } from 'react';

/**
 * Keeps `--header-height` on the document at the sticky header's height, so whatever the page
 * scrolls to (an in-page link, a focused heading) stops below the header, not beneath it
 * (base.css's scroll-padding). The header's height changes with the screen and its contents.
 */
export function useStickyHeaderOffset(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const node = header.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-height', `${node.offsetHeight}px`);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [header]);
}
