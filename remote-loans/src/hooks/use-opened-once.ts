import { type RefObject, type SyntheticEvent, useEffect, useRef, useState } from 'react';

/**
 * A `<details>` whose content loads once it is first opened. Opened before the page's script
 * took it over (server HTML: the browser opens it natively, no handler yet), it is found open
 * when the script arrives and loads then: a tap before hydration is not lost.
 */
export function useOpenedOnce(): {
  ref: RefObject<HTMLDetailsElement | null>;
  opened: boolean;
  onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => void;
} {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setOpened(true);
  };
  return { ref, opened, onToggle };
}
