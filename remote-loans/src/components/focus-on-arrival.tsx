import { useEffect } from 'react';
import { useLocation } from 'shared/navigation/router';
import { useInRouter } from '../hooks/use-in-router';

/**
 * Brings the element with `id` into view and gives it the focus when the page is reached at
 * its address (`/#<id>`: another slice's link, or a full load). Rendered inside that element,
 * so it acts once the element exists: the loans come after the page, and no delay is raced. An
 * element that never shows is never waited for.
 */
export function FocusOnArrival({ id }: { id: string }) {
  return useInRouter() ? <Arrival id={id} /> : null;
}

function Arrival({ id }: { id: string }) {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (key), even at the same hash.
  useEffect(() => {
    if (hash !== `#${id}`) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key, id]);
  return null;
}
